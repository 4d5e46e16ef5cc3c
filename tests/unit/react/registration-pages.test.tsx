// @vitest-environment jsdom
/**
 * The registration area's pages over canned answers (the stories' fixtures): the registration
 * page shows seats, clashes and problems before requesting, badges by status, and a refusal's
 * message; the busy state while the server answers 503; the advisor's page; the academic record.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import type { FixtureRoute } from '../../../engine/react/testing/fixture-api.ts';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';
import { AVAILABLE, BUSY_ROUTES, REGISTRATION_ROUTES, STAGES } from '../../../stories/registration/fixtures.ts';

afterEach(cleanup);
beforeAll(() => {
  window.scrollTo = () => {};
});

function mount(
  name: string,
  language: 'en' | 'ar' = 'en',
  routes: FixtureRoute[] = REGISTRATION_ROUTES,
  params?: Record<string, string>,
) {
  return render(
    <StoryProviders manifest={CLIENT_MANIFEST} language={language} routes={routes}>
      <ScreenStory screen={name} layout="none" params={params} />
    </StoryProviders>,
  );
}

describe('registration#Registration', () => {
  it('shows seats, clashes and problems before requesting, and the status badges of the requests', async () => {
    mount('offering-registration');
    const table = await screen.findByTestId('offerings-table', {}, { timeout: 10_000 });
    const clashing = within(table).getByTestId('offering-IS302');
    expect(within(clashing).getByTestId('offering-clash').textContent).toContain('CS301');
    expect(within(within(table).getByTestId('offering-CS401')).getByTestId('offering-problem').textContent).toBe(
      'You must pass CS302 before this course',
    );
    expect(within(within(table).getByTestId('offering-AI302')).getByText('Full')).toBeTruthy();
    const requested = screen.getByTestId('requested-CS301');
    expect(within(requested).getAllByText('Registered').length).toBeGreaterThan(0); // code badge and flag badge
    expect(within(requested).getByText('Fresh')).toBeTruthy();
    expect(within(requested).getByText('Saturday', { exact: false })).toBeTruthy();
    expect(within(screen.getByTestId('requested-CS302')).getByText('Requested')).toBeTruthy();
  });

  it("shows the server's refusal next to the offering and at the top", async () => {
    mount('offering-registration');
    const row = await screen.findByTestId('offering-AI301', {}, { timeout: 10_000 });
    fireEvent.click(within(row).getByRole('button', { name: 'Request' }));
    await waitFor(() =>
      expect(within(row).getByTestId('offering-outcome').textContent).toBe('There is no available capacity'),
    );
    expect(screen.getByTestId('registration-message').textContent).toBe('There is no available capacity');
  });

  it("says 'busy, retrying' while the server answers 503, in Arabic too", async () => {
    mount('offering-registration', 'ar', BUSY_ROUTES);
    const banner = await screen.findByTestId('busy-banner', {}, { timeout: 10_000 });
    expect(banner.textContent).toContain('الخادم مشغول');
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});

describe('the plan', () => {
  const planItem = {
    id: 1,
    offering_id: 104,
    section_id: 1004,
    section_code: 'L1',
    course: AVAILABLE.data[0]!.course,
    slots: [],
  };
  const withStages = (appointmentOpen: boolean, plan: unknown[], submitted: unknown[] = []): FixtureRoute[] => [
    {
      method: 'get',
      path: '/registrations/students/available-termstages',
      respond: () => ({ data: { ...STAGES, appointment: { ...STAGES.appointment, open: appointmentOpen } } }),
    },
    { method: 'get', path: '/registrations/students/plan', respond: () => ({ data: { data: plan } }) },
    { method: 'put', path: '/registrations/students/plan/submit', respond: () => ({ data: { data: submitted } }) },
    ...REGISTRATION_ROUTES,
  ];

  it('before the appointment: offerings go to the plan, and the plan cannot be submitted yet', async () => {
    mount('offering-registration', 'en', withStages(false, [planItem]));
    const row = await screen.findByTestId('offering-CS401', {}, { timeout: 10_000 });
    expect(within(row).getByRole('button', { name: 'Add to plan' })).toBeTruthy();
    expect(within(screen.getByTestId('offering-AI301')).getByText('In plan')).toBeTruthy();
    expect((screen.getByTestId('submit-plan') as HTMLButtonElement).disabled).toBe(true);
  });

  it('once the appointment opens the plan is submitted in one step and each answer shown', async () => {
    mount(
      'offering-registration',
      'en',
      withStages(
        true,
        [planItem],
        [{ offering_id: 104, ok: false, error: { en: 'There is no available capacity', ar: 'لا توجد سعة متاحة' } }],
      ),
    );
    const submit = await screen.findByTestId('submit-plan', {}, { timeout: 10_000 });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByTestId('registration-message').textContent).toBe('Plan submitted: 0 registered, 1 refused.'),
    );
    expect(within(screen.getByTestId('offering-AI301')).getByTestId('offering-outcome').textContent).toBe(
      'There is no available capacity',
    );
  });
});

describe('the other registration pages', () => {
  it("the advisor's page lists the student's requests with accept and reject", async () => {
    mount('advisor-students');
    const card = await screen.findByTestId('advisee-20240001', {}, { timeout: 10_000 });
    expect(
      within(within(card).getByTestId('request-20240001-CS302')).getByRole('button', { name: 'Accept' }),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Accept all' })).toBeTruthy();
  });

  it('the academic record shows term grades, then the study plan with its states', async () => {
    mount('student-academic', 'ar');
    const grades = await screen.findByTestId('terms-grades', {}, { timeout: 10_000 });
    await waitFor(() => expect(grades.textContent).toContain('C+'));
    expect(grades.textContent).toContain('الفصل الدراسي الربيعي 2026');
    fireEvent.click(screen.getByRole('tab', { name: 'الخطة الدراسية' }));
    const plan = await screen.findByTestId('study-plan');
    await waitFor(() => expect(plan.textContent).toContain('راسب'));
    expect(plan.textContent).toContain('اختياري');
  });
});
