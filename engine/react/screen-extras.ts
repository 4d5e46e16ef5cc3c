/**
 * Screen keys the engine reads beyond `generator/manifest-types.ts`'s `Screen`: a page's
 * named component and its text. Read through these accessors so the day the generator types
 * them, only this file changes.
 */
import type { LocalText, Screen } from '../../generator/manifest-types.ts';

interface ScreenExtras {
  /** `auth#Login`: a component from engine/react/components.ts or a plugin. */
  component?: string;
  /** A static page's body text. */
  text?: LocalText;
  /** A page's code or picture hint (404, 401...). */
  code?: string;
}

function extras(screen: Screen): ScreenExtras {
  return screen as Screen & ScreenExtras;
}

/** The component a page or plugin screen names: `component` first, then `plugin`. */
export function screenComponent(screen: Screen): string | undefined {
  return extras(screen).component ?? screen.plugin;
}

export function screenText(screen: Screen): LocalText | undefined {
  return extras(screen).text;
}

export function screenCode(screen: Screen): string | undefined {
  return extras(screen).code;
}
