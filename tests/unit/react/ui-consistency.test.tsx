// @vitest-environment jsdom
/**
 * The audit's list fixes, without a browser: which cells keep one line (codes, amounts, dates,
 * times), where a sideways-scrolling table shows its cue in both directions, the part-paid
 * amount beside a payment status, and the access log's and settings' values named in both
 * languages from their YAML status tables. tests/e2e/ui-consistency.test.ts looks at the same
 * in chromium.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientManifest, EntityField } from '../../../generator/manifest-types.ts';
import { StatusCell } from '../../../engine/react/renderers/cells.tsx';
import { cellText } from '../../../engine/react/renderers/cell-text.ts';
import { keepsOneLine } from '../../../engine/react/renderers/list/cell-wrap.ts';
import { paidState, paidText } from '../../../engine/react/renderers/paid-progress.ts';
import { scrollCue } from '../../../engine/react/renderers/scroll-cue.ts';
import { tableMinWidth } from '../../../engine/react/pages/registration/FixedColumnsTable.tsx';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, '.generated/client-manifest.json'), 'utf8')) as ClientManifest;

afterEach(cleanup);

const field = (f: Partial<EntityField>) =>
  ({
    name: 'x',
    label: { en: 'X', ar: 'س' },
    required: false,
    unique: false,
    rules: [],
    search: false,
    serverOnly: false,
    readOnly: false,
    type: 'string',
    ...f,
  }) as EntityField;

describe('list cells that keep one line', () => {
  it('codes, references, amounts, dates and times do not wrap; names and free text may', () => {
    const payments = manifest.entities.payments!;
    expect(keepsOneLine({}, payments.fields.code, 'INV-000123')).toBe(true);
    expect(keepsOneLine({ format: 'money' }, payments.fields.amount, 4500)).toBe(true);
    expect(keepsOneLine({ format: 'date' }, payments.fields.due_date, '2027-01-08')).toBe(true);
    expect(keepsOneLine({ format: 'datetime' }, undefined, '2026-11-24T10:00:00Z')).toBe(true);
    expect(keepsOneLine({ badge: 'payment_status' }, payments.fields.status_id, 1)).toBe(true);
    expect(keepsOneLine({}, payments.fields.description, 'Tuition fees for the autumn term')).toBe(false);
    expect(keepsOneLine({}, field({ type: 'text' }), 'A long note')).toBe(false);
    expect(keepsOneLine({}, field({ maxLength: 200 }), 'Youssef Ahmed Hassan')).toBe(false);
    expect(keepsOneLine({}, field({ maxLength: 20 }), 'CS 101')).toBe(true);
  });

  it('a referenced record by the label it shows: an invoice code stays whole, a name may wrap', () => {
    const ref = field({ type: 'integer', ref: 'payments' });
    expect(keepsOneLine({}, ref, 2, 'INV-000002')).toBe(true);
    expect(keepsOneLine({}, ref, 4, 'Youssef Ahmed Hassan')).toBe(false);
  });

  it('a value with no declared field: a short token with digits (a time range, a code) stays whole', () => {
    expect(keepsOneLine({}, undefined, '10:00 - 11:30')).toBe(true);
    expect(keepsOneLine({}, undefined, 'CS 101')).toBe(true);
    expect(keepsOneLine({}, undefined, 1500)).toBe(true);
    expect(keepsOneLine({}, undefined, 'Introduction to programming')).toBe(false);
  });
});

describe('the sideways scroll cue', () => {
  const box = (scrollLeft: number) => ({ scrollLeft, scrollWidth: 900, clientWidth: 358 });

  it('left to right: more on the right at the start, both sides between, the left only at the end', () => {
    expect(scrollCue(box(0), 'ltr')).toEqual({ left: false, right: true });
    expect(scrollCue(box(200), 'ltr')).toEqual({ left: true, right: true });
    expect(scrollCue(box(542), 'ltr')).toEqual({ left: true, right: false });
  });

  it('right to left (scrollLeft 0 at the right, negative leftwards): the sides mirror', () => {
    expect(scrollCue(box(0), 'rtl')).toEqual({ left: true, right: false });
    expect(scrollCue(box(-200), 'rtl')).toEqual({ left: true, right: true });
    expect(scrollCue(box(-542), 'rtl')).toEqual({ left: false, right: true });
  });

  it('no cue for a table that fits (a sub-pixel difference is rounding)', () => {
    expect(scrollCue({ scrollLeft: 0, scrollWidth: 358.5, clientWidth: 358 }, 'ltr')).toEqual({
      left: false,
      right: false,
    });
    expect(scrollCue({ scrollLeft: 0, scrollWidth: 300, clientWidth: 358 }, 'rtl')).toEqual({
      left: false,
      right: false,
    });
  });
});

describe('a part-paid invoice beside its status', () => {
  const of = ({ paid, total }: { paid: string; total: string }) => `${paid} of ${total}`;

  it('tells nothing, part and all paid apart', () => {
    expect(paidState(0, 1000)).toBe('none');
    expect(paidState(500, 1000)).toBe('part');
    expect(paidState('1000.00', 1000)).toBe('all');
    expect(paidState(null, 1000)).toBeUndefined();
  });

  it('writes "500.00 of 1,000.00" for a part paid only', () => {
    expect(paidText(500, 1000, 'en', of)).toBe('500.00 of 1,000.00');
    expect(paidText(0, 1000, 'en', of)).toBe('0.00');
    expect(paidText(1000, 1000, 'ar', of)).toBe('1,000.00');
    expect(cellText({ amount: 4500, paid_amount: 2250 }, 'paid_amount', 'paid', 'money', 'ar', of)).toBe(
      '2,250.00 of 4,500.00',
    );
    expect(cellText({ amount: 4500, paid_amount: 2250 }, 'paid_amount', 'money', 'money', 'en', of)).toBe('2,250.00');
  });

  it("the staff invoices list and the student's payments list show it beside the status", () => {
    for (const name of ['invoices', 'payments']) {
      const columns = manifest.screens[name]!.columns!;
      const paid = columns.findIndex((c) => c.field === 'paid_amount');
      expect(columns[paid]?.format, name).toBe('paid');
      expect(columns[paid + 1]?.field, name).toBe('status_id');
    }
  });
});

/** The action names the server writes in access_logs (literal ones, read from its source). */
function loggedActions(): string[] {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = path.join(dir, n);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });
  const found = new Set<string>();
  for (const file of files(path.join(ROOT, 'server'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:logAccess|recordAccess)\([^;]*?action: '([a-z_]+)'/gs)) found.add(m[1]!);
    for (const m of text.matchAll(/openSession\(db, manifest, request, [^,]+, '([a-z_]+)'\)/g)) found.add(m[1]!);
    for (const m of text.matchAll(/change\(request, id, '([a-z_]+)'/g)) found.add(m[1]!);
  }
  return [...found].sort();
}

describe('access log and settings values in both languages', () => {
  const lang = (language: string, table: string, value: unknown, format?: string) => {
    const { container } = render(
      <StatusCell table={manifest.statusTables[table]!} value={value} format={format} language={language} />,
    );
    return container.textContent;
  };

  it('every action the server logs has its English and Arabic name (access_action)', () => {
    const actions = loggedActions();
    expect(actions).toEqual(expect.arrayContaining(['login', 'login_failed', 'logout', 'update', 'delete', 'create']));
    const keys = manifest.statusTables.access_action!.statuses.map((s) => s.key);
    // Written from status tables: the application's submit and the paid fee steps.
    expect(keys).toEqual(
      expect.arrayContaining([...actions, 'submitted', 'updated', 'pay_exam_fees', 'pay_final_fees']),
    );
    expect(manifest.screens['access-logs']!.columns!.find((c) => c.field === 'action')!.badge).toBe('access_action');
    expect(lang('ar', 'access_action', 'login')).toBe('تسجيل دخول');
    expect(lang('en', 'access_action', 'update')).toBe('Updated');
    expect(lang('ar', 'access_action', 'update')).toBe('تعديل');
    expect(lang('ar', 'access_action', 'something_new')).toBe('something_new');
  });

  it('the settings list names every seeded setting and writes switches as words, as text (format: label)', () => {
    const seed =
      readFileSync(path.join(ROOT, 'server/db/seed/demo/settings.ts'), 'utf8') +
      readFileSync(path.join(ROOT, 'server/db/seed/demo/admission.ts'), 'utf8');
    const names = [...seed.matchAll(/\[\s*'([a-z_]+)',\s*'[^']*',\s*(?:true|false|'[^']*')/g)].map((m) => m[1]!);
    expect(names).toEqual(expect.arrayContaining(['university_name', 'pay_with_fawry', 'bank_swift']));
    const keys = manifest.statusTables.setting_name!.statuses.map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(names));
    const columns = manifest.screens['settings-list']!.columns!;
    expect(columns.find((c) => c.field === 'name')).toMatchObject({ badge: 'setting_name', format: 'label' });
    expect(columns.find((c) => c.field === 'value')).toMatchObject({ badge: 'setting_switch', format: 'label' });
    expect(lang('ar', 'setting_name', 'pay_with_fawry', 'label')).toBe('الدفع عبر فوري');
    expect(lang('en', 'setting_name', 'pay_with_fawry', 'label')).toBe('Fawry payments');
    expect(lang('ar', 'setting_switch', 'true', 'label')).toBe('مفعّل');
    expect(lang('en', 'setting_switch', 'false', 'label')).toBe('Off');
    expect(lang('ar', 'setting_switch', 'EGP', 'label')).toBe('EGP');
    // As text, not a chip.
    const { container } = render(
      <StatusCell table={manifest.statusTables.setting_name!} value="logo" format="label" language="en" />,
    );
    expect(container.querySelector('.MuiChip-root')).toBeNull();
  });
});

describe('term cards share their column widths', () => {
  it('the least width covers every fixed column and the course name', () => {
    expect(tableMinWidth([88, null, 88], 160)).toBe(336);
  });
});
