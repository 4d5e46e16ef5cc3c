/**
 * The registration page's controller (no MUI): the open windows, the student's requests, the
 * available offerings and the plan; the writes with their busy-retry and double-click guard;
 * the last answer of each offering (a refusal's message, or done).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useApi } from '../../data/ApiProvider.tsx';
import { useLanguage } from '../../i18n/hooks.ts';
import { textOf } from '../../../core/api/errors.ts';
import type { ClosedGate } from '../../../core/gates.ts';
import { useClosedGate } from '../../gates/useClosedGate.ts';
import { writeWithRetry } from './retry.ts';
import { fill, TEXTS } from './texts.ts';
import { useRetryingGet } from './useRetryingGet.ts';
import type { Offering, PlanItem, PlanSubmitResult, Registration, TermStages } from './types.ts';

export const PATHS = {
  stages: '/registrations/students/available-termstages',
  requested: '/registrations/students/requested-offerings',
  available: '/registrations/students/available-offerings',
  plan: '/registrations/students/plan',
  request: '/registrations/students/request-offering',
  remove: '/registrations/students/remove-offering',
  withdraw: '/registrations/students/withdraw-offering',
  addDrop: '/registrations/students/addDrop-offering',
  planAdd: '/registrations/students/plan/add',
  planRemove: '/registrations/students/plan/remove',
  planSubmit: '/registrations/students/plan/submit',
} as const;

/** The gated actions (screens/finance/gates.rules.yaml) of the page's writes, as the server checks them. */
export const GATED_ACTIONS = { request: 'registration.request', addDrop: 'registration.add_drop' } as const;

export interface Outcome {
  ok: boolean;
  text: string;
}

export interface RegistrationController {
  stages: TermStages | undefined;
  requested: Registration[];
  available: Offering[];
  plan: PlanItem[];
  loading: boolean;
  error: unknown;
  busy: number;
  /** Offerings (or registrations) with a write under way: their buttons are disabled. */
  pending: ReadonlySet<string>;
  /** The last answer per offering id. */
  outcomes: Readonly<Record<number, Outcome>>;
  /** The last message of the page (a refusal or a success). */
  last: Outcome | null;
  /** Which windows are open; `plan`: the plan may be prepared (before the appointment or the window opens). */
  open: {
    registration: boolean;
    addDrop: boolean;
    withdraw: boolean;
    appointmentOpen: boolean;
    canRequest: boolean;
    plan: boolean;
  };
  /**
   * The gates closed for the student now (an overdue installment): the server would refuse every
   * request (and plan submission) or add with this message, so those buttons are disabled with it.
   */
  closed: { request: ClosedGate | null | undefined; addDrop: ClosedGate | null | undefined };
  request(offeringId: number, sectionId: number | null): Promise<void>;
  add(offeringId: number, sectionId: number | null): Promise<void>;
  remove(r: Registration): Promise<void>;
  drop(r: Registration): Promise<void>;
  withdraw(r: Registration): Promise<void>;
  addToPlan(offeringId: number, sectionId: number | null): Promise<void>;
  removeFromPlan(offeringId: number): Promise<void>;
  submitPlan(): Promise<void>;
  reload(): void;
}

function list<T>(body: unknown): T[] {
  const data = (body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

export function useRegistrationController(): RegistrationController {
  const api = useApi();
  const language = useLanguage();
  const stages = useRetryingGet<TermStages>(PATHS.stages);
  const requested = useRetryingGet<unknown>(PATHS.requested);
  const available = useRetryingGet<unknown>(PATHS.available);
  const plan = useRetryingGet<unknown>(PATHS.plan);
  const [busy, setBusy] = useState(0);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [last, setLast] = useState<Outcome | null>(null);
  const running = useRef(new Set<string>());
  const requestGate = useClosedGate(GATED_ACTIONS.request);
  const addDropGate = useClosedGate(GATED_ACTIONS.addDrop);

  const reload = useCallback(() => {
    stages.reload();
    requested.reload();
    available.reload();
    plan.reload();
  }, [stages.reload, requested.reload, available.reload, plan.reload]); // eslint-disable-line react-hooks/exhaustive-deps

  const textOfAnswer = useCallback(
    (body: unknown, fallback: string) => {
      const message = (body as { message?: unknown } | undefined)?.message;
      return textOf(message, language) ?? fallback;
    },
    [language],
  );

  /** One write: guarded against a second click while it runs, retried while busy, then everything reloads. */
  const write = useCallback(
    async (guard: string, offeringId: number | null, path: string, body: unknown, okText: string) => {
      if (running.current.has(guard)) return; // a double click: the first one is under way
      running.current.add(guard);
      setPending(new Set(running.current));
      try {
        const answer = await writeWithRetry<unknown>(api, 'put', path, body, { onBusy: setBusy });
        const outcome = { ok: true, text: textOfAnswer(answer, okText) };
        setLast(outcome);
        if (offeringId !== null) setOutcomes((o) => ({ ...o, [offeringId]: outcome }));
      } catch (error) {
        const text = error instanceof Error && error.message ? error.message : String(error);
        const outcome = { ok: false, text };
        setLast(outcome);
        if (offeringId !== null) setOutcomes((o) => ({ ...o, [offeringId]: outcome }));
      } finally {
        running.current.delete(guard);
        setPending(new Set(running.current));
        reload();
      }
    },
    [api, reload, textOfAnswer],
  );

  const done = TEXTS.done[language === 'ar' ? 'ar' : 'en'];
  const open = useMemo(() => {
    const kinds = new Set((stages.data?.data ?? []).map((s) => s.stage));
    const appointment = stages.data?.appointment ?? null;
    const appointmentOpen = !appointment || appointment.open;
    return {
      registration: kinds.has('registration'),
      addDrop: kinds.has('add_drop'),
      withdraw: kinds.has('withdraw'),
      appointmentOpen,
      canRequest: kinds.has('registration') && appointmentOpen,
      plan: kinds.size === 0 || (kinds.has('registration') && !appointmentOpen),
    };
  }, [stages.data]);

  const errors = [stages.error, requested.error, available.error].find(Boolean) ?? null;
  return {
    stages: stages.data,
    requested: list<Registration>(requested.data),
    available: list<Offering>(available.data),
    plan: list<PlanItem>(plan.data),
    loading: stages.loading || requested.loading || available.loading,
    error: errors,
    busy: busy || stages.busy || requested.busy || available.busy,
    pending,
    outcomes,
    last,
    open,
    closed: { request: requestGate, addDrop: addDropGate },
    request: (offeringId, sectionId) =>
      write(
        `o${offeringId}`,
        offeringId,
        PATHS.request,
        { offering_id: offeringId, ...(sectionId ? { section_id: sectionId } : {}) },
        done,
      ),
    add: (offeringId, sectionId) =>
      write(
        `o${offeringId}`,
        offeringId,
        PATHS.addDrop,
        { offering_id: offeringId, action: 'add', ...(sectionId ? { section_id: sectionId } : {}) },
        done,
      ),
    remove: (r) => write(`o${r.offering_id}`, r.offering_id, PATHS.remove, { id: r.id }, done),
    drop: (r) =>
      write(`o${r.offering_id}`, r.offering_id, PATHS.addDrop, { offering_id: r.offering_id, action: 'drop' }, done),
    withdraw: (r) => write(`o${r.offering_id}`, r.offering_id, PATHS.withdraw, { id: r.id }, done),
    addToPlan: (offeringId, sectionId) =>
      write(`o${offeringId}`, offeringId, PATHS.planAdd, { offering_id: offeringId, section_id: sectionId }, done),
    removeFromPlan: (offeringId) =>
      write(`p${offeringId}`, offeringId, PATHS.planRemove, { offering_id: offeringId }, done),
    submitPlan: async () => {
      if (running.current.has('plan')) return;
      running.current.add('plan');
      setPending(new Set(running.current));
      try {
        const answer = await writeWithRetry<{ data?: PlanSubmitResult[] }>(
          api,
          'put',
          PATHS.planSubmit,
          {},
          { onBusy: setBusy },
        );
        const results = answer?.data ?? [];
        const next: Record<number, Outcome> = {};
        for (const r of results)
          next[r.offering_id] = { ok: r.ok, text: r.ok ? done : (textOf(r.error, language) ?? '') };
        setOutcomes((o) => ({ ...o, ...next }));
        const ok = results.filter((r) => r.ok).length;
        setLast({
          ok: ok === results.length,
          text: fill(TEXTS.planResult[language === 'ar' ? 'ar' : 'en'], { ok, failed: results.length - ok }),
        });
      } catch (error) {
        setLast({ ok: false, text: error instanceof Error ? error.message : String(error) });
      } finally {
        running.current.delete('plan');
        setPending(new Set(running.current));
        reload();
      }
    },
    reload,
  };
}
