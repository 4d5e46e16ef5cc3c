/**
 * Wizard logic (spec admission-and-grid 2, "Tab sets by route parameter type"), pure:
 * the tab set chosen by a route parameter, tabs navigated by name, completing a tab marks
 * it done (only it: see markDone), and the wizard knows its last tab.
 */
import type { Wizard } from '../../generator/manifest-types.ts';

/** The route parameter that names the current tab: `tab` if the path has it, else `name`. */
export function tabParamOf(path: string): string {
  return /:tab\??(\/|$)|\{tab\??\}/.test(path) ? 'tab' : 'name';
}

/** True when the screen's path has a place for the tab's name (`{name?}`, `:name`). */
export function pathNamesTab(path: string, tabParam: string): boolean {
  return new RegExp(`:${tabParam}\\??(/|$)|\\{${tabParam}\\??\\}`).test(path);
}

/** Tab names in order for the route parameters; the default set when the parameter matches none. */
export function tabsFor(
  wizard: Pick<Wizard, 'tabs' | 'tabSets'>,
  params: Readonly<Record<string, string | undefined>>,
): string[] {
  const { param, sets, default: fallback } = wizard.tabSets;
  const value = params[param];
  const names =
    (value !== undefined ? sets[value] : undefined) ??
    (fallback !== undefined ? sets[fallback] : undefined) ??
    Object.values(sets)[0] ??
    [];
  return names.filter((name) => name in wizard.tabs);
}

/** The tab to show: the named one when it is in the set, else the first. */
export function currentTab(tabs: readonly string[], requested: string | undefined): string | undefined {
  return requested !== undefined && tabs.includes(requested) ? requested : tabs[0];
}

export function isLastTab(tabs: readonly string[], tab: string): boolean {
  return tabs.length > 0 && tabs[tabs.length - 1] === tab;
}

export function nextTab(tabs: readonly string[], tab: string): string | undefined {
  const i = tabs.indexOf(tab);
  return i >= 0 ? tabs[i + 1] : undefined;
}

export function previousTab(tabs: readonly string[], tab: string): string | undefined {
  const i = tabs.indexOf(tab);
  return i > 0 ? tabs[i - 1] : undefined;
}

/**
 * Completing (saving) `tab` marks it done; tabs already done stay done. An earlier tab the user
 * skipped is not marked: it was never saved, and its check would say otherwise (the server
 * counts a tab complete only once saved, server/domains/admission/applicants.ts).
 */
export function markDone(done: ReadonlySet<string>, tabs: readonly string[], tab: string): Set<string> {
  const out = new Set(done);
  if (tabs.includes(tab)) out.add(tab);
  return out;
}

/** True when every tab of the set is done. */
export function allDone(done: ReadonlySet<string>, tabs: readonly string[]): boolean {
  return tabs.length > 0 && tabs.every((t) => done.has(t));
}
