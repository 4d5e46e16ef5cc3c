/** Tester builders: small predicates combined with a named rank. */
import type { Screen, ScreenView } from '../../../generator/manifest-types.ts';
import { RANK, type Tester, type TesterContext } from './registry.ts';
import { screenComponent } from '../screen-extras.ts';
import { isSimpleForm } from '../renderers/form/simple-form.ts';

export type Predicate = (screen: Screen, context: TesterContext) => boolean;

export const rankWith =
  (rank: number, predicate: Predicate): Tester =>
  (screen, context) =>
    predicate(screen, context) ? rank : RANK.never;

export const and =
  (...predicates: Predicate[]): Predicate =>
  (screen, context) =>
    predicates.every((p) => p(screen, context));

export const viewIs =
  (view: ScreenView): Predicate =>
  (screen) =>
    screen.view === view;

export const nameIs =
  (name: string): Predicate =>
  (screen) =>
    screen.name === name;

/** The screen names a component (`component: auth#Login`, or `plugin: grid#Grid`) that is registered. */
export const hasRegisteredComponent: Predicate = (screen, context) => {
  const name = screenComponent(screen);
  return name !== undefined && name in context.components;
};

/** The screen's form has only fields the light form view draws (no RJSF needed). */
export const formIsSimple: Predicate = (screen, context) => {
  const form = screen.form ? context.manifest.forms[screen.form] : undefined;
  return !!form && isSimpleForm(form);
};
