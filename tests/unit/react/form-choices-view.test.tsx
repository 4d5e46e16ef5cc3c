// @vitest-environment jsdom
/**
 * The admission payment tab drawn by the real form controller and view (RJSF): an Egyptian
 * applicant is offered no bank transfer and no wallet, a stored bank transfer is cleared (and
 * the receipt fields it showed go away), a foreign applicant keeps it; what is sent holds only
 * offered choices.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { FormView } from '../../../engine/react/renderers/form/FormView.tsx';
import { useFormController } from '../../../engine/react/renderers/form/useFormController.ts';
import type { Record_ } from '../../../engine/react/renderers/form/form-model.ts';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';

afterEach(cleanup);

const form = CLIENT_MANIFEST.forms.admission_payment!;
const NO_PARAMS = {};

function PaymentTab({ initialData, sent }: { initialData: Record_; sent: Record_[] }) {
  const controller = useFormController(form, CLIENT_MANIFEST, undefined, NO_PARAMS, {
    initialData,
    skipLoad: true,
    successToast: false,
    send: async (body) => void sent.push(body),
  });
  return <FormView controller={controller} submitLabel="Save" />;
}

function mount(initialData: Record_, sent: Record_[] = []) {
  render(
    <StoryProviders manifest={CLIENT_MANIFEST} language="en" user={null}>
      <PaymentTab initialData={initialData} sent={sent} />
    </StoryProviders>,
  );
  return sent;
}

const WAIT = { timeout: 10_000 };
const choices = async () =>
  (await screen.findAllByRole('radio', {}, WAIT)).map((r) => (r.closest('label')?.textContent ?? '').trim());

describe('payment options offered by the form definition', () => {
  it('an Egyptian applicant: no wallet, no bank transfer; a stored bank transfer is cleared with its receipt fields', async () => {
    const sent = mount({ nationality_id: 64, payment_option_id: 5, payment_reference: 'TR-1' });
    expect(await choices()).toEqual(['Credit card', 'Voucher payment', 'Manual payment']);
    // Bank transfer is gone, and no other choice is made for the applicant (no first option filled in).
    const checked = () =>
      screen
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked)
        .map((r) => r.closest('label')?.textContent);
    expect(checked()).toEqual([]);
    expect(screen.queryByRole('textbox', { name: /Receipt or transfer number/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Manual payment' }));
    expect(await screen.findByRole('textbox', { name: /Receipt or transfer number/ }, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Credit card' }));
    expect(checked()).toEqual(['Credit card']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(sent).toEqual([{ nationality_id: 64, payment_option_id: 1 }]);
  });

  it('a foreign applicant is offered bank transfer and keeps it', async () => {
    mount({ nationality_id: 20, payment_option_id: 5 });
    expect(await choices()).toEqual([
      'Credit card',
      'Voucher payment',
      'Manual payment',
      'Bank transfer (non-Egyptians)',
    ]);
    expect((screen.getByRole('radio', { name: 'Bank transfer (non-Egyptians)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByRole('textbox', { name: /Receipt or transfer number/ })).toBeTruthy();
  });
});
