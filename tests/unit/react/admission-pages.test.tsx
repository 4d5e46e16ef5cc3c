// @vitest-environment jsdom
/**
 * The admission pages with the real client manifest and canned admission answers (the stories'
 * fixtures): the applicant's dashboard (status, feedback, next step, fee badges), the staff
 * detail (each tab under its form version, the status change asking for the comment the
 * applicant will read), and the apply form showing a closed round's refusal.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import type { FixtureRoute } from '../../../engine/react/testing/fixture-api.ts';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';
import { admissionRoutes } from '../../../stories/admission/fixtures.ts';
import { staffUser } from '../../../engine/react/testing/StoryProviders.tsx';

afterEach(cleanup);
beforeAll(() => {
  window.scrollTo = () => {};
});
const WAIT = { timeout: 10_000 };

function mount(
  screenName: string,
  params: Record<string, string>,
  routes: FixtureRoute[],
  language: 'en' | 'ar' = 'en',
  signedIn = false,
) {
  render(
    <StoryProviders
      manifest={CLIENT_MANIFEST}
      language={language}
      user={signedIn ? staffUser(CLIENT_MANIFEST) : null}
      routes={routes}
    >
      <ScreenStory screen={screenName} params={params} layout="none" />
    </StoryProviders>,
  );
}

describe('admission pages', () => {
  it("the applicant's dashboard shows the status, the staff's feedback, what to do next and the fees", async () => {
    mount(
      'applicant-information-form',
      { type: '1', id: '41', secretKey: 'story-secret' },
      admissionRoutes('feedback'),
    );
    expect(await screen.findByText('Upload a clearer copy of your birth certificate.', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Read the feedback, correct your application and send it again')).toBeTruthy();
    expect(document.querySelector('[data-applicant-status="feedback"]')).toBeTruthy();
    expect(document.querySelector('[data-fee="application_fees"]')?.getAttribute('data-fee-status')).toBe('paid');
    expect(screen.getAllByText('Not due yet')).toHaveLength(2);
    // The paid fee's badge is the payment_status table's (its name), sent by the server with the fee.
    expect(document.querySelector('[data-fee="application_fees"]')?.textContent).toContain('Paid');
    // Every tab done and the application open to changes: it can be sent again.
    expect(screen.getByRole('button', { name: 'Send the updated application' })).toBeTruthy();
  });

  it('the dashboard reads in Arabic', async () => {
    mount(
      'applicant-information-form',
      { type: '1', id: '41', secretKey: 'story-secret' },
      admissionRoutes('incomplete'),
      'ar',
    );
    expect(await screen.findByText('ادفع رسوم التقديم', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('يوجد مبلغ مستحق السداد على طلبك.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'الدفع بالبطاقة' })).toBeTruthy();
  });

  it('staff read each tab under its form version and must write the feedback the applicant will read', async () => {
    const posted: unknown[] = [];
    const routes: FixtureRoute[] = [
      {
        method: 'post',
        path: '/admission/review/:id/status',
        respond: (request) => (posted.push(request.body), { data: { data: { ok: true } } }),
      },
      ...admissionRoutes('submitted'),
    ];
    mount('applicants-show', { id: '41' }, routes, 'en', true);
    await waitFor(() => expect(document.querySelector('[data-review-tab="personal_info"]')).toBeTruthy(), WAIT);
    // Every section was saved under the application's own form version: no section repeats it.
    expect(screen.queryAllByText('Form version 72fadbd049e4').length).toBeLessThanOrEqual(1);
    expect(screen.getByText('Omar')).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /New status/ }, WAIT));
    fireEvent.click(await screen.findByRole('option', { name: 'Feedback' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    expect(screen.getByText('Write the changes the applicant must make')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /Comment to the applicant/ }), {
      target: { value: 'Upload a clearer copy.' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    await waitFor(
      () => expect(posted).toEqual([{ action: 'request_changes', comment: 'Upload a clearer copy.' }]),
      WAIT,
    );
  });

  it('the staff flow (/apply-staff) applies as type 7 and says to check the email', async () => {
    const sent: unknown[] = [];
    const routes: FixtureRoute[] = [
      {
        method: 'put',
        path: '/admission/apply',
        respond: (request) => (
          sent.push(request.body),
          { status: 201, data: { data: { id: 77, applicant_type_id: 7 } } }
        ),
      },
      ...admissionRoutes(),
    ];
    mount('apply-staff', {}, routes);
    expect(await screen.findByText('Apply for a position at the university.', {}, WAIT)).toBeTruthy();
    fireEvent.change(await screen.findByRole('textbox', { name: /Email/ }, WAIT), {
      target: { value: 'mona@example.com' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Mona Hassan' } });
    const nationality = screen.getByRole('combobox', { name: /Nationality/ });
    fireEvent.change(nationality, { target: { value: 'Egy' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Egypt' }, WAIT));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start my application' })));
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);
    expect(sent[0]).toMatchObject({ type: 7, applicant_type_id: 7, email: 'mona@example.com', nationality_id: 64 });
    expect(await screen.findByText('Check your email', {}, WAIT)).toBeTruthy();
  });

  it("the apply form says a closed round's refusal above the form", async () => {
    mount('apply', { type: '3' }, admissionRoutes());
    fireEvent.change(await screen.findByRole('textbox', { name: /Email/ }, WAIT), {
      target: { value: 'omar@example.com' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Omar Saleh' } });
    const nationality = screen.getByRole('combobox', { name: /Nationality/ });
    fireEvent.change(nationality, { target: { value: 'Egy' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Egypt' }, WAIT));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start my application' })));
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toContain('Cannot apply to this program now');
  });
});
