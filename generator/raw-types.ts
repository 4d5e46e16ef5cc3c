/**
 * The definitions as written in YAML, after schema validation: the types json-schema-to-typescript
 * generates from schemas/ (.generated/types/definitions.ts), under the names the generator uses.
 *
 * The imports are type-only, so tsx erases them: the generator runs (and writes that file)
 * before it exists; `tsc` runs after `npm run gen` in every script. Validation has already
 * checked the shapes, so optional here means "may be absent".
 */
import type {
  Definition,
  EntityDefinition,
  FormDefinition,
  Label,
  NavigationDefinition,
  NavigationItem,
  PermissionsDefinition,
  RoleDefinition,
  RulesDefinition,
  ScreenDefinition,
  StatusTableDefinition,
  WizardDefinition,
} from '../.generated/types/definitions.ts';

/** A label as written: inline text or a locale key. */
export type RawLabel = Label;

export type RawPermissions = PermissionsDefinition;
export type RawRole = RoleDefinition;

export type RawStatusTable = StatusTableDefinition;
export type RawStatus = RawStatusTable['statuses'][number];
export type RawTransition = NonNullable<RawStatusTable['transitions']>[number];

export type RawRules = RulesDefinition;
export type RawRule = NonNullable<RawRules['rules']>[string];

export type RawEntity = EntityDefinition;
export type RawEntityField = RawEntity['fields'][string];

export type RawForm = FormDefinition;
export type RawFormField = RawForm['fields'][number];

export type RawWizard = WizardDefinition;

export type RawScreen = ScreenDefinition;
export type RawAction = NonNullable<RawScreen['actions']>[number];

export type RawNavigation = NavigationDefinition;
export type RawNavItem = NavigationItem;

export type RawDefinition = Definition;
