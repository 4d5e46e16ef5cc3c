// @vitest-environment jsdom
/**
 * The academic record's tabs offer scroll arrows only when the tabs overflow their bar, in both
 * directions (MUI's own in-view watch could report a tab out of view in Arabic while every tab
 * fit); the timetable says a day has no class; money is written as the lists write it (the
 * currency's name from the currency table, جنيه مصري in Arabic, not the code EGP).
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { money } from '../../../engine/react/pages/finance/money.ts';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';
import { REGISTRATION_ROUTES } from '../../../stories/registration/fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeAll(() => {
  window.scrollTo = () => {};
});

function mount(name: string, language: 'en' | 'ar') {
  return render(
    <StoryProviders manifest={CLIENT_MANIFEST} language={language} routes={REGISTRATION_ROUTES}>
      <ScreenStory screen={name} layout="none" />
    </StoryProviders>,
  );
}

/** An in-view watch that reports every tab out of view (what misled MUI in right-to-left pages). */
class NothingInView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback([{ isIntersecting: false }]);
  }
  unobserve() {}
  disconnect() {}
}

describe('the academic record tabs', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`show no scroll arrows when the tabs fit (${language})`, async () => {
      vi.stubGlobal('IntersectionObserver', NothingInView);
      mount('student-academic', language);
      await screen.findByTestId('terms-grades', {}, { timeout: 10_000 });
      expect(screen.getAllByRole('tab')).toHaveLength(3);
      expect(document.querySelectorAll('.MuiTabs-scrollButtons')).toHaveLength(0);
    });

    it(`offer scroll arrows when the tabs overflow (${language})`, async () => {
      vi.stubGlobal('IntersectionObserver', NothingInView);
      vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(200);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
      mount('student-academic', language);
      await screen.findByTestId('terms-grades', {}, { timeout: 10_000 });
      await waitFor(() => expect(document.querySelectorAll('.MuiTabs-scrollButtons').length).toBeGreaterThan(0));
    });
  }
});

describe('the timetable', () => {
  it('says a day without class has no class that day, in both languages', async () => {
    mount('schedule', 'en');
    // the fixtures teach on days 1, 3 and 4: day 2 is free
    const free = await screen.findByTestId('day-2', {}, { timeout: 10_000 });
    expect(within(free).getByText('No class this day.')).toBeTruthy();
    expect(screen.queryByText(/this week/)).toBeNull();
    cleanup();
    mount('schedule', 'ar');
    expect(
      within(await screen.findByTestId('day-2', {}, { timeout: 10_000 })).getByText('لا توجد محاضرات في هذا اليوم.'),
    ).toBeTruthy();
  });
});

describe('money', () => {
  const currencies = CLIENT_MANIFEST.statusTables.currency!;
  it('names the currency as the lists do: by the currency table, in the language', () => {
    expect(money(500, 1, 'ar', currencies)).toBe('\u2066500.00\u2069 جنيه مصري');
    expect(money(500, 1, 'en', currencies)).toBe('\u2066500.00\u2069 EGP');
    expect(money(-1500, 2, 'ar', currencies)).toMatch(/^\u2066\u200e?-1,500\.00\u2069 دولار أمريكي$/);
    expect(money(90, 'USD', 'ar', currencies)).toBe('\u206690.00\u2069 دولار أمريكي');
    expect(money(90, 'USD', 'en', currencies)).toBe('\u206690.00\u2069 USD');
  });

  it('without the table, the code; without a currency, the amount', () => {
    expect(money(500, 1, 'ar')).toBe('\u2066500.00\u2069 EGP');
    expect(money(500, undefined, 'en', currencies)).toBe('\u2066500.00\u2069');
  });
});
