// @vitest-environment jsdom
/**
 * Screen actions honour `visibleWhen` (the row's on a row action, the record's on a detail page,
 * the route's on a page action), and a row link may depend on the user (`permission`,
 * `otherwise`): on /payments a paid installment offers no "Pay from my credit"; a student's row
 * opens the invoice's pay page, a finance officer's the invoice.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenAction } from '../../../generator/manifest-types.ts';
import type { SessionUser } from '../../../engine/core/session.ts';
import { rowActionsFor, rowLinkFor, visibleActions } from '../../../engine/react/renderers/list/list-model.ts';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';

afterEach(cleanup);
beforeAll(() => {
  window.scrollTo = () => {};
});

const STUDENT: SessionUser = {
  id: 5,
  name: 'Youssef Ahmed Hassan',
  type: { name: 'Student', type: 3 },
  permissions: ['public', 'access_student'],
};
const FINANCE: SessionUser = {
  id: 9,
  name: 'Mona Hassan',
  type: { name: 'Staff', type: 4 },
  permissions: ['public', 'access_finance', 'manage_payments'],
};
const subject = (u: SessionUser) => ({ typeName: u.type.name, permissions: u.permissions ?? [] });

const payments = CLIENT_MANIFEST.screens.payments!;
const names = (actions: ScreenAction[]) => actions.map((a) => a.name);
// payment_status: 1 unpaid, 2 partly paid, 3 paid
const installment = (id: number, status: number) => ({
  id,
  payment_id: 2,
  student_id: 1,
  billing_kind_id: 1,
  installment_id: id,
  amount: 1500,
  paid_amount: status === 3 ? 1500 : 0,
  currency_id: 1,
  due_date: '2026-11-04',
  status_id: status,
});

describe('visibleWhen of actions (pure)', () => {
  it('a row action shows only on the rows its visibleWhen holds for', () => {
    const { row } = visibleActions(payments.actions, subject(STUDENT));
    expect(names(rowActionsFor(row, installment(1, 1), { subject: subject(STUDENT) }))).toEqual([
      'pay_wallet',
      'pay_options',
      'print',
    ]);
    expect(names(rowActionsFor(row, installment(1, 2), { subject: subject(STUDENT) }))).toEqual([
      'pay_options',
      'print',
    ]);
    expect(names(rowActionsFor(row, installment(1, 3), { subject: subject(STUDENT) }))).toEqual([]);
  });

  it('a detail page action is tested against the record, and hidden until it has loaded', () => {
    const show = CLIENT_MANIFEST.screens['payments-show']!;
    expect(names(visibleActions(show.actions, subject(STUDENT), { record: { id: 2, status_id: 1 } }).page)).toEqual([
      'pay_options',
      'print',
    ]);
    expect(names(visibleActions(show.actions, subject(STUDENT), { record: { id: 2, status_id: 3 } }).page)).toEqual([]);
    expect(names(visibleActions(show.actions, subject(STUDENT), { record: {} }).page)).toEqual([]);
    expect(names(visibleActions(show.actions, subject(FINANCE), { record: { id: 2, status_id: 3 } }).page)).toEqual([
      'transactions',
    ]);
  });

  it('a page action is tested against the route parameters', () => {
    const action: ScreenAction = {
      name: 'x',
      label: { en: 'X', ar: 'س' },
      type: 'navigate',
      route: 'payments',
      row: false,
      visibleWhen: { param: 'id', equals: '7' },
    };
    expect(visibleActions([action], subject(STUDENT), { params: { id: '7' } }).page).toHaveLength(1);
    expect(visibleActions([action], subject(STUDENT), { params: { id: '8' } }).page).toHaveLength(0);
  });

  it("the row link depends on the user: the student's pay page, else the invoice", () => {
    expect(rowLinkFor(payments.rowLink, subject(STUDENT))?.route).toBe('payment-confirmation');
    expect(rowLinkFor(payments.rowLink, subject(FINANCE))?.route).toBe('payments-show');
    expect(rowLinkFor({ route: 'payments-show', permission: 'access_finance' }, subject(STUDENT))).toBeUndefined();
    expect(rowLinkFor({ route: 'invoices' }, null)?.route).toBe('invoices');
  });
});

function mountPayments(
  user: SessionUser,
  language: 'en' | 'ar' = 'en',
  routes: Parameters<typeof StoryProviders>[0]['routes'] = [],
) {
  return render(
    <StoryProviders
      manifest={CLIENT_MANIFEST}
      language={language}
      user={user}
      rows={{ installments: [installment(1, 3), installment(2, 1)] }}
      routes={routes}
    >
      <ScreenStory screen="payments" layout="none" />
    </StoryProviders>,
  );
}

async function tableRows() {
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBe(3));
  return within(table).getAllByRole('row').slice(1);
}

describe('the payments list', () => {
  it('offers "Pay from my credit" on the unpaid installment only', async () => {
    mountPayments(STUDENT);
    const [paid, unpaid] = await tableRows();
    expect(within(paid!).queryByRole('button', { name: 'Pay from my credit' })).toBeNull();
    expect(within(paid!).queryByRole('button', { name: 'Other payment options' })).toBeNull();
    expect(within(unpaid!).getByRole('button', { name: 'Pay from my credit' })).toBeTruthy();
    expect(within(unpaid!).getByRole('button', { name: 'Other payment options' })).toBeTruthy();
  });

  it("a student's row opens the invoice's pay page", async () => {
    mountPayments(STUDENT);
    const [paid] = await tableRows();
    fireEvent.click(within(paid!).getAllByRole('cell')[0]!);
    expect(await screen.findByText('/payment-confirmation/2')).toBeTruthy();
  });

  it("a finance officer's row opens the invoice", async () => {
    mountPayments(FINANCE);
    const [paid] = await tableRows();
    fireEvent.click(within(paid!).getAllByRole('cell')[0]!);
    expect(await screen.findByText('/payments/2')).toBeTruthy();
  });
});
