/**
 * What a screen says about how it is drawn beyond its view: a named component, a static page's
 * text and code. Read through these accessors, which give `component` precedence over `plugin`.
 */
import type { LocalText, Screen } from '../../generator/manifest-types.ts';

/** The component a screen names: `component` first, then a plugin screen's `plugin`. */
export function screenComponent(screen: Screen): string | undefined {
  return screen.component ?? screen.plugin;
}

export function screenText(screen: Screen): LocalText | undefined {
  return screen.text;
}

export function screenCode(screen: Screen): string | undefined {
  return screen.code;
}
