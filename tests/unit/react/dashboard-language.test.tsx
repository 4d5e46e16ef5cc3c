// @vitest-environment jsdom
/**
 * The dashboard follows the language: the welcome card and the avatar menu name the user by
 * the local name in Arabic, and after a switch of language from the header the figures the
 * server names in the caller's language (program, current term) are asked for again.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../engine/core/session.ts';
import { initials, userDisplayName } from '../../../engine/react/shell/UserMenu.tsx';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import type { FixtureRoute } from '../../../engine/react/testing/fixture-api.ts';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';

afterEach(cleanup);
beforeAll(() => {
  window.scrollTo = () => {};
});

const STUDENT = {
  id: 5,
  name: 'Youssef Ahmed Hassan',
  name_local: 'يوسف أحمد حسن',
  type: { name: 'Student', type: 3 },
  permissions: ['public', 'access_student'],
} as SessionUser;

describe("the user's name", () => {
  it('is the local name in Arabic when there is one, else the name', () => {
    expect(userDisplayName({ name: 'Youssef Ahmed Hassan', name_local: 'يوسف أحمد حسن' }, 'ar')).toBe('يوسف أحمد حسن');
    expect(userDisplayName({ name: 'Youssef Ahmed Hassan', name_local: 'يوسف أحمد حسن' }, 'en')).toBe(
      'Youssef Ahmed Hassan',
    );
    expect(userDisplayName({ name: 'Youssef Ahmed Hassan', name_local: ' ' }, 'ar')).toBe('Youssef Ahmed Hassan');
    expect(userDisplayName({ name: 'Youssef Ahmed Hassan' }, 'ar')).toBe('Youssef Ahmed Hassan');
  });

  it('initials: Latin letters upper-cased, Arabic letters kept apart (they would join into a word)', () => {
    expect(initials('Youssef Ahmed Hassan')).toBe('YA');
    expect(initials('يوسف أحمد حسن')).toBe('ي\u200cأ');
  });
});

function mountDashboard(language: 'en' | 'ar', routes: FixtureRoute[] = []) {
  return render(
    <StoryProviders manifest={CLIENT_MANIFEST} language={language} user={STUDENT} routes={routes}>
      <ScreenStory screen="dashboard" layout="shell" />
    </StoryProviders>,
  );
}

describe('the dashboard', () => {
  it('welcomes the user by the local name in Arabic, and the avatar shows its initials', async () => {
    mountDashboard('ar');
    const welcome = await screen.findByRole('heading', { level: 1, name: /مرحبًا/ }, { timeout: 10_000 });
    expect(welcome.textContent).toContain('يوسف أحمد حسن');
    expect(welcome.textContent).not.toContain('Youssef');
    const avatar = screen.getByRole('button', { name: 'يوسف أحمد حسن' });
    expect(avatar.textContent).toBe('ي\u200cأ');
  });

  it('in English, the name', async () => {
    mountDashboard('en');
    const welcome = await screen.findByRole('heading', { level: 1, name: /Welcome/ }, { timeout: 10_000 });
    expect(welcome.textContent).toContain('Youssef Ahmed Hassan');
    expect(screen.getByRole('button', { name: 'Youssef Ahmed Hassan' }).textContent).toBe('YA');
  });

  it('asks for the figures again after a switch of language from the header', async () => {
    let calls = 0;
    const routes: FixtureRoute[] = [
      {
        method: 'get',
        path: '/students/dashboard',
        // the server names them in the caller's language (its language cookie)
        respond: () => ({
          data:
            ++calls === 1
              ? { program: 'Bachelor of Computer Science', current_term: 'Fall 2026' }
              : { program: 'بكالوريوس علوم الحاسب', current_term: 'الفصل الدراسي الخريفي 2026' },
        }),
      },
    ];
    mountDashboard('en', routes);
    expect(await screen.findByText('Bachelor of Computer Science', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    const menu = await screen.findByRole('menu', {}, { timeout: 5000 });
    await act(async () => fireEvent.click(within(menu).getByText('العربية')));
    await waitFor(() => expect(screen.getByText('بكالوريوس علوم الحاسب')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByText('الفصل الدراسي الخريفي 2026')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
