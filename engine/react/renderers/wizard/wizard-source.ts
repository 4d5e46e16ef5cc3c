/**
 * Where a wizard reads and saves its tabs. The generic wizard screen reads its entity's record
 * once and saves each tab into it (`entitySource`); the admission form reads and saves tab by
 * tab through the admission API with the applicant's secret (pages/admission). Either way the
 * server's answer may say which tabs are done, which the wizard shows as marks.
 */
import type { ApiClient } from '../../../core/api/client.ts';
import { unwrapData } from '../useResource.ts';

export type TabData = Record<string, unknown>;

export interface TabAnswer {
  data: TabData;
  /** Tabs the server counts as done, when it says. */
  done?: string[];
}

export interface WizardSource {
  /** Tells records apart in draft keys ('new' before the record exists). */
  recordKey: string;
  load(tab: string): Promise<TabAnswer>;
  save(tab: string, data: TabData): Promise<TabAnswer | undefined>;
}

/** The done tabs an answer names: `completed_tabs` or `done`, a list of tab names. */
export function doneTabsOf(body: unknown): string[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const value of [b.completed_tabs, b.done, (b.data as Record<string, unknown> | undefined)?.completed_tabs]) {
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  }
  return undefined;
}

/** A record of an entity: GET /{entity}/{id} for every tab, PUT /{entity}/{id} (POST /{entity} when new) to save. */
export function entitySource(api: ApiClient, entity: string, id: string | undefined): WizardSource {
  let record: Promise<TabData> | undefined;
  const read = () =>
    (record ??= id
      ? api.get(`/${entity}/${encodeURIComponent(id)}`).then((body) => (unwrapData(body) as TabData | undefined) ?? {})
      : Promise.resolve({}));
  return {
    recordKey: id ?? 'new',
    async load() {
      const data = await read();
      return { data, done: doneTabsOf(data) };
    },
    async save(_tab, data) {
      const body = id
        ? await api.put(`/${entity}/${encodeURIComponent(id)}`, data, { toast: false })
        : await api.post(`/${entity}`, data, { toast: false });
      record = undefined;
      const saved = (unwrapData(body) as TabData | undefined) ?? {};
      return { data: saved, done: doneTabsOf(body) };
    },
  };
}
