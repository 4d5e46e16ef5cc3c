/**
 * The engine's own registry entries: one generic renderer per screen kind, the light renderer
 * of simple flat forms, and the named component renderer. Every screen kind is its own chunk,
 * loaded when a screen of that kind is first shown: a first visit downloads the renderer it
 * draws and nothing else, and RJSF with ajv comes only with the forms that need them.
 */
import type { ComponentType } from 'react';
import { lazyNamed } from '../lazy.ts';
import { ENGINE_COMPONENTS } from '../components.ts';
import { ComponentRenderer } from '../renderers/ComponentRenderer.tsx';
import { UnknownRenderer } from '../renderers/UnknownRenderer.tsx';
import { createRegistry, RANK, type Registry, type RendererEntry, type RendererProps } from './registry.ts';
import { and, formIsSimple, hasRegisteredComponent, rankWith, viewIs, type Predicate } from './testers.ts';

const lazyRenderer = <K extends string>(load: () => Promise<Record<K, ComponentType<RendererProps>>>, name: K) =>
  lazyNamed<RendererProps, K>(load, name);

const ListRenderer = lazyRenderer(() => import('../renderers/list/ListRenderer.tsx'), 'ListRenderer');
const DetailRenderer = lazyRenderer(() => import('../renderers/DetailRenderer.tsx'), 'DetailRenderer');
const FormRenderer = lazyRenderer(() => import('../renderers/form/FormRenderer.tsx'), 'FormRenderer');
const SimpleFormRenderer = lazyRenderer(() => import('../renderers/form/SimpleFormRenderer.tsx'), 'SimpleFormRenderer');
const WizardRenderer = lazyRenderer(() => import('../renderers/wizard/WizardRenderer.tsx'), 'WizardRenderer');
const DashboardRenderer = lazyRenderer(() => import('../renderers/DashboardRenderer.tsx'), 'DashboardRenderer');
const PageRenderer = lazyRenderer(() => import('../renderers/PageRenderer.tsx'), 'PageRenderer');

/** The screen names a registered component (`component:` or a plugin screen's `plugin:`). */
const namesComponent: Predicate = hasRegisteredComponent;

export const DEFAULT_ENTRIES: readonly RendererEntry[] = Object.freeze([
  { name: 'list', tester: rankWith(RANK.view, viewIs('list')), renderer: ListRenderer },
  { name: 'detail', tester: rankWith(RANK.view, viewIs('detail')), renderer: DetailRenderer },
  { name: 'form', tester: rankWith(RANK.view, viewIs('form')), renderer: FormRenderer },
  {
    name: 'simple-form',
    tester: rankWith(RANK.variant, and(viewIs('form'), formIsSimple)),
    renderer: SimpleFormRenderer,
  },
  { name: 'wizard', tester: rankWith(RANK.view, viewIs('wizard')), renderer: WizardRenderer },
  { name: 'dashboard', tester: rankWith(RANK.view, viewIs('dashboard')), renderer: DashboardRenderer },
  { name: 'page', tester: rankWith(RANK.view, viewIs('page')), renderer: PageRenderer },
  { name: 'component', tester: rankWith(RANK.specific, namesComponent), renderer: ComponentRenderer },
]);

export function defaultRegistry(): Registry {
  return createRegistry(DEFAULT_ENTRIES, UnknownRenderer, ENGINE_COMPONENTS);
}
