/**
 * Where a saved form leads (`submit.next`, docs/language.md kind: form): the first entry whose
 * `when` holds on the server's answer (its `data`, the saved record), its route parameters
 * filled from that data. Pure, so the choice is tested without a browser.
 */
import type { ClientManifest, FormNext } from '../../../../generator/manifest-types.ts';
import { hrefFor } from '../../router/paths.ts';
import { unwrapData } from '../useResource.ts';
import { evaluateCondition } from '../../../core/conditions.ts';

export function nextHref(
  next: FormNext[] | undefined,
  answer: unknown,
  manifest: Pick<ClientManifest, 'screens'>,
): string | undefined {
  if (!next?.length) return undefined;
  const data = unwrapData(answer);
  const record = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  for (const entry of next) {
    if (!evaluateCondition(entry.when, { record })) continue;
    const params: Record<string, unknown> = {};
    for (const [param, field] of Object.entries(entry.params ?? {})) params[param] = record[field];
    // an entry whose address cannot be made (a parameter missing from the answer) is passed over
    const href = hrefFor(manifest, entry.route, params);
    if (href) return href;
  }
  return undefined;
}
