// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUiBridge } from '../../../engine/react/data/ui-bridge.ts';
import { createI18n } from '../../../engine/react/i18n/index.ts';
import { I18nProvider } from '../../../engine/react/i18n/I18nProvider.tsx';
import { PopupHost } from '../../../engine/react/popup/Popup.tsx';

afterEach(cleanup);

describe('popup', () => {
  it('shows a message raised before it mounted, and Go Back goes back one page', async () => {
    const bridge = createUiBridge();
    bridge.popup({ text: 'There is no available capacity' });
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    render(
      <I18nProvider i18n={createI18n('en')}>
        <PopupHost bridge={bridge}>
          <p>page</p>
        </PopupHost>
      </I18nProvider>,
    );
    // the dialog is a chunk of its own, loaded with the first popup
    expect(await screen.findByText('There is no available capacity', {}, { timeout: 5000 })).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Go back' }).click());
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('a response-rule dialog (payments due) has no Go Back: the rule already moved the user', async () => {
    const bridge = createUiBridge();
    render(
      <I18nProvider i18n={createI18n('ar')}>
        <PopupHost bridge={bridge}>
          <p>page</p>
        </PopupHost>
      </I18nProvider>,
    );
    await act(async () =>
      bridge.dialog({ kind: 'error', reason: 'payments-due', text: 'You have to pay your due invoices.' }),
    );
    expect(await screen.findByText('You have to pay your due invoices.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'رجوع' })).toBeNull();
    expect(screen.getByRole('button', { name: 'حسنًا' })).toBeTruthy();
  });
});
