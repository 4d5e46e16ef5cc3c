// @vitest-environment jsdom
/**
 * A confirmation is the portal's own dialog in the portal's language, never the browser's
 * `window.confirm` (unstyled, with buttons in the browser's language): the hook on its own, and
 * a screen action with `confirm` (the student's "Pay from my credit"), which calls only once
 * confirmed.
 */
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../engine/core/session.ts';
import { createI18n } from '../../../engine/react/i18n/index.ts';
import { I18nProvider } from '../../../engine/react/i18n/I18nProvider.tsx';
import { useConfirm } from '../../../engine/react/popup/confirm.ts';
import { PopupHost } from '../../../engine/react/popup/Popup.tsx';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import type { FixtureRoute } from '../../../engine/react/testing/fixture-api.ts';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
beforeAll(() => {
  window.scrollTo = () => {};
});

function Asker() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <button type="button" onClick={() => void confirm('Delete this term?').then((ok) => setAnswer(String(ok)))}>
      ask {answer}
    </button>
  );
}

describe('useConfirm', () => {
  for (const [language, cancel, confirm] of [
    ['en', 'Cancel', 'Confirm'],
    ['ar', 'إلغاء', 'تأكيد'],
  ] as const) {
    it(`asks in an MUI dialog in the portal's language (${language}) and answers`, async () => {
      const native = vi.spyOn(window, 'confirm').mockReturnValue(true);
      render(
        <I18nProvider i18n={createI18n(language)}>
          <PopupHost>
            <Asker />
          </PopupHost>
        </I18nProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: /ask/ }));
      const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
      expect(dialog.textContent).toContain('Delete this term?');
      await act(async () => within(dialog).getByRole('button', { name: cancel }).click());
      await waitFor(() => expect(screen.getByRole('button', { name: /ask/ }).textContent).toBe('ask false'));

      fireEvent.click(screen.getByRole('button', { name: /ask/ }));
      const again = await screen.findByRole('dialog');
      await act(async () => within(again).getByRole('button', { name: confirm }).click());
      await waitFor(() => expect(screen.getByRole('button', { name: /ask/ }).textContent).toBe('ask true'));
      expect(native).not.toHaveBeenCalled();
    });
  }
});

describe('a confirm action', () => {
  const STUDENT: SessionUser = {
    id: 5,
    name: 'Youssef Ahmed Hassan',
    type: { name: 'Student', type: 3 },
    permissions: ['public', 'access_student'],
  };
  const unpaid = {
    id: 2,
    payment_id: 2,
    student_id: 1,
    billing_kind_id: 1,
    installment_id: 2,
    amount: 1500,
    paid_amount: 0,
    currency_id: 1,
    due_date: '2026-12-24',
    status_id: 1,
  };

  it('asks "Pay this installment from your credit balance?" in Arabic, and pays only once confirmed', async () => {
    const native = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const paid: string[] = [];
    const routes: FixtureRoute[] = [
      {
        method: 'post',
        path: '/payments/pay/:payment/:installment',
        respond: (r) => (paid.push(r.path), { data: { message: 'ok' } }),
      },
    ];
    render(
      <StoryProviders
        manifest={CLIENT_MANIFEST}
        language="ar"
        user={STUDENT}
        rows={{ installments: [unpaid] }}
        routes={routes}
      >
        <ScreenStory screen="payments" layout="none" />
      </StoryProviders>,
    );
    const pay = await screen.findByRole('button', { name: 'ادفع من رصيدي' }, { timeout: 10_000 });
    fireEvent.click(pay);
    let dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('هل تريد سداد هذا القسط من رصيدك؟');
    await act(async () => within(dialog).getByRole('button', { name: 'إلغاء' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(paid).toEqual([]);

    fireEvent.click(pay);
    dialog = await screen.findByRole('dialog');
    await act(async () => within(dialog).getByRole('button', { name: 'تأكيد' }).click());
    await waitFor(() => expect(paid).toEqual(['/payments/pay/2/2']));
    expect(native).not.toHaveBeenCalled();
  });
});
