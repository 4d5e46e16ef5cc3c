import { describe, expect, it } from 'vitest';
import {
  chooseRenderer,
  createRegistry,
  RANK,
  registerPlugin,
  type RendererProps,
} from '../../../engine/react/registry/registry.ts';
import { defaultRegistry } from '../../../engine/react/registry/defaults.ts';
import { nameIs, rankWith, viewIs } from '../../../engine/react/registry/testers.ts';
import { fixtureManifest, screen } from './fixture-manifest.ts';

const Grid = (_: RendererProps) => null;
const Special = (_: RendererProps) => null;
const Unknown = (_: RendererProps) => null;

describe('renderer registry', () => {
  const manifest = fixtureManifest();

  it('chooses the generic renderer of each screen kind', () => {
    const registry = defaultRegistry();
    expect(chooseRenderer(registry, manifest.screens['users-list'], manifest).name).toBe('list');
    expect(chooseRenderer(registry, manifest.screens['users-edit'], manifest).name).toBe('simple-form');
    expect(chooseRenderer(registry, manifest.screens.admissionForm, manifest).name).toBe('wizard');
    expect(chooseRenderer(registry, manifest.screens.dashboard, manifest).name).toBe('dashboard');
    expect(chooseRenderer(registry, manifest.screens['error-404'], manifest).name).toBe('page');
  });

  it('draws a form of simple fields with the light renderer, any other form with RJSF', () => {
    const simple = chooseRenderer(defaultRegistry(), manifest.screens['users-edit'], manifest);
    expect(simple).toMatchObject({ name: 'simple-form', rank: RANK.variant });
    const person = manifest.forms.person;
    const withDate: typeof manifest = {
      ...manifest,
      forms: {
        person: {
          ...person,
          fields: [
            ...person.fields,
            {
              name: 'born',
              label: { en: 'Born', ar: 'الميلاد' },
              schema: { type: 'string', format: 'date' },
              required: false,
              rules: [],
              widget: 'date',
            },
          ],
        },
      },
    };
    expect(chooseRenderer(defaultRegistry(), withDate.screens['users-edit'], withDate).name).toBe('form');
    const withUpload: typeof manifest = {
      ...manifest,
      forms: {
        person: {
          ...person,
          fields: [
            ...person.fields,
            {
              name: 'photo',
              label: { en: 'Photo', ar: 'صورة' },
              schema: { type: 'string', format: 'data-url' },
              required: false,
              rules: [],
              upload: { maxSizeMB: 1 },
            },
          ],
        },
      },
    };
    expect(chooseRenderer(defaultRegistry(), withUpload.screens['users-edit'], withUpload).name).toBe('form');
  });

  it('gives the sign-in screen its named component over the generic form', () => {
    const choice = chooseRenderer(defaultRegistry(), manifest.screens['auth-login'], manifest);
    expect(choice.name).toBe('component');
    expect(choice.rank).toBe(RANK.specific);
  });

  it('draws a screen by its view when it names no component, whatever its name', () => {
    const { component: _named, ...plain } = manifest.screens['auth-login'];
    expect(chooseRenderer(defaultRegistry(), plain, manifest).name).not.toBe('component');
  });

  it('falls back to the Unknown renderer when nothing fits (plugin not registered)', () => {
    const registry = defaultRegistry();
    const choice = chooseRenderer(registry, manifest.screens['students-grid'], manifest);
    expect(choice.name).toBe('unknown');
    expect(choice.renderer).toBe(registry.unknown);
  });

  it('takes plugins as values: components and renderers, without changing the original', () => {
    const base = defaultRegistry();
    const withGrid = registerPlugin(base, { name: 'grid', components: { 'grid#Grid': Grid } });
    expect(chooseRenderer(withGrid, manifest.screens['students-grid'], manifest).name).toBe('component');
    expect(chooseRenderer(base, manifest.screens['students-grid'], manifest).name).toBe('unknown');

    const named = registerPlugin(withGrid, {
      name: 'special',
      renderers: [{ name: 'special-users', tester: rankWith(RANK.named, nameIs('users-list')), renderer: Special }],
    });
    const choice = chooseRenderer(named, manifest.screens['users-list'], manifest);
    expect(choice).toMatchObject({ name: 'special-users', rank: RANK.named, renderer: Special });
  });

  it('lets a later entry win a tie and ignores testers answering never', () => {
    const registry = createRegistry(
      [
        { name: 'first', tester: rankWith(RANK.view, viewIs('list')), renderer: Grid },
        { name: 'second', tester: rankWith(RANK.view, viewIs('list')), renderer: Special },
        { name: 'never', tester: () => RANK.never, renderer: Grid },
      ],
      Unknown,
    );
    expect(chooseRenderer(registry, screen({ name: 'x', path: '/x', view: 'list' }), manifest).name).toBe('second');
    expect(chooseRenderer(registry, screen({ name: 'y', path: '/y', view: 'detail' }), manifest).renderer).toBe(
      Unknown,
    );
  });
});
