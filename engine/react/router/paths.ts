/**
 * Route paths: the manifest writes `:id`, `:id?` or `{id}`, `{id?}`; react-router 7 takes
 * `:id` and `:id?` natively. `hrefFor` fills a screen's path from parameters.
 */
import { generatePath } from 'react-router-dom';
import type { ClientManifest } from '../../../generator/manifest-types.ts';

/** `/students/{id}` -> `/students/:id`; `{id?}` -> `:id?`; trailing slash removed. */
export function toRouterPath(path: string): string {
  let out = path
    .trim()
    .replace(/\{([A-Za-z_][A-Za-z0-9_]*)(\?)?\}/g, (_m, name: string, opt?: string) => `:${name}${opt ?? ''}`);
  if (!out.startsWith('/')) out = `/${out}`;
  if (out.length > 1) out = out.replace(/\/+$/, '');
  return out;
}

/** The parameter names of a path, in order, with whether each is optional. */
export function pathParams(path: string): { name: string; optional: boolean }[] {
  const out: { name: string; optional: boolean }[] = [];
  for (const m of toRouterPath(path).matchAll(/:([A-Za-z_][A-Za-z0-9_]*)(\?)?/g)) {
    out.push({ name: m[1], optional: m[2] === '?' });
  }
  return out;
}

/** The address of a named screen with the given parameters; undefined when the screen is unknown. */
export function hrefFor(
  manifest: Pick<ClientManifest, 'screens'>,
  route: string,
  params: Record<string, unknown> = {},
): string | undefined {
  const screen = manifest.screens[route];
  if (!screen) return undefined;
  const values: Record<string, string | null> = {};
  for (const { name } of pathParams(screen.path)) {
    const v = params[name];
    values[name] = v === undefined || v === null || v === '' ? null : String(v);
  }
  try {
    return generatePath(toRouterPath(screen.path), values as Record<string, string>);
  } catch {
    return undefined;
  }
}

/** Route parameters for an action or row link: `{id: 'id'}` maps a param to a row field. */
export function paramsFromRow(
  mapping: Record<string, string> | undefined,
  row: Record<string, unknown>,
  current: Readonly<Record<string, string | undefined>> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [param, field] of Object.entries(mapping ?? {})) {
    out[param] = field in row ? row[field] : (current[field] ?? field);
  }
  return out;
}
