/**
 * Storybook in CI: the fixture API answers as the server would, and `npm run build-storybook`
 * builds offline with a story for every screen of the manifest and for every renderer and
 * layout, in English and in Arabic.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { ClientManifest } from '../../generator/manifest-types.ts';
import { answerFixture, pathPattern } from '../../engine/react/testing/fixture-api.ts';
import { storyManifest } from '../../stories/fixtures/manifest.ts';
import { REFUSE_STUDENT, STORY_ROWS } from '../../stories/fixtures/records.ts';
import { BANNER } from '../../stories/generate-screen-stories.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export const RENDERERS = ['List', 'Detail', 'Form', 'Wizard', 'Dashboard', 'Page', 'Unknown'];
export const LAYOUTS = ['Vertical', 'Horizontal', 'Full', 'Admission'];
const LANGUAGES = ['English', 'Arabic'];

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  importPath: string;
  type: 'story' | 'docs';
}

describe('fixture API', () => {
  const manifest = storyManifest();
  const ask = (method: string, p: string, body?: unknown, routes = REFUSE_STUDENT.slice(0, 0)) =>
    answerFixture({ manifest, rows: STORY_ROWS, routes }, { method, path: p, query: new URLSearchParams(), body });

  it('pages, filters and searches the list of a resource as the server does', () => {
    expect(ask('post', '/students', { page: 3, perPage: 10 }).data).toMatchObject({
      total: 23,
      data: [{ id: 21 }, { id: 22 }, { id: 23 }],
    });
    const active = ask('post', '/students', { filters: { status_id: ['1'] }, perPage: 50 }).data as {
      data: { status_id: number }[];
      total: number;
    };
    expect(active.total).toBe(6);
    expect(active.data.every((r) => r.status_id === 1)).toBe(true);
    expect(ask('post', '/students', { search: 'منى' }).data).toMatchObject({ total: 2 });
  });

  it('answers one record, a screen source path, and the caller routes first (a 422)', () => {
    expect(ask('get', '/students/3').data).toEqual({ data: STORY_ROWS.students[2] });
    expect(ask('get', '/students/dashboard').data).toHaveProperty('students');
    expect(ask('post', '/students', {}, REFUSE_STUDENT).status).toBe(422);
  });

  it('matches optional path parameters', () => {
    expect(pathPattern('/users/edit/:id?').test('/users/edit')).toBe(true);
    expect(pathPattern('/admission/:id/:secretKey/dashboard').exec('/admission/4/k/dashboard')?.groups).toMatchObject({
      id: '4',
      secretKey: 'k',
    });
  });
});

describe('npm run build-storybook', () => {
  it(
    'builds offline: a story per screen, renderer and layout, in English and Arabic',
    { timeout: 360_000 },
    async () => {
      const started = Date.now();
      await run('npm', ['run', 'build-storybook'], {
        cwd: root,
        timeout: 360_000,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1' },
      });
      console.info(`build-storybook: ${((Date.now() - started) / 1000).toFixed(1)} s`);

      const index = JSON.parse(await readFile(path.join(root, '.storybook-out/index.json'), 'utf8')) as {
        entries: Record<string, IndexEntry>;
      };
      const stories = Object.values(index.entries).filter((e) => e.type === 'story');
      const names = (title: string) => stories.filter((s) => s.title === title).map((s) => s.name);

      for (const renderer of RENDERERS) {
        for (const language of LANGUAGES)
          expect(names(`renderers/${renderer}`), renderer).toContain(`${renderer} ${language}`);
      }
      for (const layout of LAYOUTS) {
        for (const language of LANGUAGES) expect(names(`layouts/${layout}`), layout).toContain(`${layout} ${language}`);
      }

      const manifest = JSON.parse(
        await readFile(path.join(root, '.generated/client-manifest.json'), 'utf8'),
      ) as ClientManifest;
      const screens = Object.keys(manifest.screens);
      expect(screens.length).toBeGreaterThan(0);
      for (const screen of screens) {
        const file = `./.generated/stories/${screen}.stories.tsx`;
        const own = stories.filter((s) => s.importPath === file);
        expect(own.map((s) => s.name).sort(), screen).toEqual(['Arabic', 'English']);
        expect(own[0].title, screen).toMatch(new RegExp(`^screens/.*${screen}$`));
        expect((await readFile(path.join(root, file), 'utf8')).startsWith(BANNER)).toBe(true);
      }
    },
  );
});
