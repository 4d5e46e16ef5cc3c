/**
 * The engine's own registry entries: one generic renderer per screen kind, plus the named
 * component renderer. Form and wizard renderers are loaded on demand (RJSF and ajv stay out
 * of the first download).
 */
import { lazyNamed } from '../lazy.ts';
import { ENGINE_COMPONENTS, SCREEN_COMPONENTS } from '../components.ts';
import { ComponentRenderer } from '../renderers/ComponentRenderer.tsx';
import { DashboardRenderer } from '../renderers/DashboardRenderer.tsx';
import { DetailRenderer } from '../renderers/DetailRenderer.tsx';
import { ListRenderer } from '../renderers/list/ListRenderer.tsx';
import { PageRenderer } from '../renderers/PageRenderer.tsx';
import { UnknownRenderer } from '../renderers/UnknownRenderer.tsx';
import { createRegistry, RANK, type Registry, type RendererEntry } from './registry.ts';
import { hasRegisteredComponent, rankWith, viewIs, type Predicate } from './testers.ts';

const FormRenderer = lazyNamed(() => import('../renderers/form/FormRenderer.tsx'), 'FormRenderer');
const WizardRenderer = lazyNamed(() => import('../renderers/wizard/WizardRenderer.tsx'), 'WizardRenderer');

/** The screen names a registered component, or is one of the few screens mapped to one. */
const namesComponent: Predicate = (screen, context) =>
  hasRegisteredComponent(screen, context) || (SCREEN_COMPONENTS[screen.name] ?? '') in context.components;

export const DEFAULT_ENTRIES: readonly RendererEntry[] = Object.freeze([
  { name: 'list', tester: rankWith(RANK.view, viewIs('list')), renderer: ListRenderer },
  { name: 'detail', tester: rankWith(RANK.view, viewIs('detail')), renderer: DetailRenderer },
  { name: 'form', tester: rankWith(RANK.view, viewIs('form')), renderer: FormRenderer },
  { name: 'wizard', tester: rankWith(RANK.view, viewIs('wizard')), renderer: WizardRenderer },
  { name: 'dashboard', tester: rankWith(RANK.view, viewIs('dashboard')), renderer: DashboardRenderer },
  { name: 'page', tester: rankWith(RANK.view, viewIs('page')), renderer: PageRenderer },
  { name: 'component', tester: rankWith(RANK.specific, namesComponent), renderer: ComponentRenderer },
]);

export function defaultRegistry(): Registry {
  return createRegistry(DEFAULT_ENTRIES, UnknownRenderer, ENGINE_COMPONENTS);
}
