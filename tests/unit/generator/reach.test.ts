/**
 * A screen's `menu:` key reaches the main menu even when the navigation file does not list it,
 * in its group and by its order; a screen no menu, link, action, form or gate leads to (and
 * that names no `entry:`) is a warning of `npm run gen`, at its name, with the way to fix it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../../generator/compile.ts';
import { formatError } from '../../../generator/errors.ts';
import { errorsFor, FIXTURE, workspace } from './helpers.ts';

/** The fixture's locale files with the group label the menu below names. */
const withGroupLabel = (lang: 'en' | 'ar', text: string) => {
  const locale = JSON.parse(readFileSync(path.join(FIXTURE, 'locales', `${lang}.json`), 'utf8'));
  return JSON.stringify({ ...locale, nav: { ...locale.nav, student: text } });
};
const LOCALES = {
  'locales/en.json': withGroupLabel('en', 'Student'),
  'locales/ar.json': withGroupLabel('ar', 'الطالب'),
};

const NAV = `kind: navigation
name: main
items:
  - label: common.students
    icon: school
    route: students-list
    children:
      - label: {en: Apply, ar: تقديم}
        route: apply
  - label: nav.student
    children:
      - {label: {en: First, ar: الأول}, route: students-list}
`;

const hidden = (extra = '') => `kind: screen
name: hidden-page
path: /hidden
view: page
title: {en: Hidden, ar: مخفية}
${extra}`;

async function compile(files: Record<string, string | null>) {
  const ws = await workspace(files);
  try {
    const result = await createCompiler(ws.options({ write: false })).compile();
    return { ...result, lines: result.warnings.map((w) => formatError(w, ws.root)) };
  } finally {
    await ws.cleanup();
  }
}

describe('screens nobody reaches', () => {
  it('warns about a screen no menu, link or action opens, at its name', async () => {
    const result = await compile({
      ...LOCALES,
      'screens/access/navigation.yaml': NAV,
      'screens/misc/hidden.yaml': hidden(),
    });
    expect(result.errors).toEqual([]);
    expect(result.manifest).toBeDefined(); // a warning does not stop the build
    expect(result.lines).toEqual([
      expect.stringMatching(
        /^screens\/misc\/hidden\.yaml:2:7 no menu, row link, action, form or gate leads to screen 'hidden-page' \(\/hidden\).*\(add it to a menu/,
      ),
    ]);
  });

  it('is quiet once the screen says how users arrive', async () => {
    const result = await compile({
      ...LOCALES,
      'screens/access/navigation.yaml': NAV,
      'screens/misc/hidden.yaml': hidden('entry: "the link in the welcome mail"\n'),
    });
    expect(result.warnings).toEqual([]);
  });

  it("puts a screen's menu: into its group of the main menu, by order", async () => {
    const result = await compile({
      ...LOCALES,
      'screens/access/navigation.yaml': NAV,
      'screens/misc/hidden.yaml': hidden('menu: {group: student, icon: star, order: 5}\n'),
    });
    expect(result.warnings).toEqual([]);
    const group = result.manifest!.navigation.main.items[1];
    expect(group.children.map((c) => c.route)).toEqual(['hidden-page', 'students-list']);
    expect(group.children[0]).toMatchObject({ icon: 'star', label: { en: 'Hidden', ar: 'مخفية' } });
  });

  it('refuses a menu group the main navigation does not have, with the groups it has', async () => {
    const { lines } = await errorsFor({
      ...LOCALES,
      'screens/access/navigation.yaml': NAV,
      'screens/misc/hidden.yaml': hidden('menu: {group: studnet}\n'),
    });
    expect(lines).toEqual([
      "screens/misc/hidden.yaml:6:15 menu group 'studnet' is not a group of the main navigation (use home or a group labelled nav.student (the name after nav.))",
    ]);
  });
});
