/**
 * The search document of an entity: its searchable text columns joined into one text,
 * `coalesce(a, '') || ' ' || coalesce(b, '') ...`. Schema sync gives it ONE GIN trigram index
 * (pg_trgm) per entity; the list search (resources/list-query.ts) adds
 * `<document> ILIKE '%term%'` in front of its per-column test, which the index serves.
 *
 * The per-column OR stays the truth: each column is a substring of the document, so any row
 * the OR accepts the document test accepts too (the guard never loses a row); rows the
 * guard lets through on a match across two columns are then refused by the OR. Same answer
 * with or without the index, and without pg_trgm the guard costs about what it saves.
 *
 * Only when every searchable field is text: a number or date field searched as text is not
 * in the document, so a guard over the rest would hide its matches.
 */
import type { Entity, EntityField } from '../../generator/manifest-types.ts';
import { quoteIdent } from './columns.ts';

const TEXT_TYPES = ['string', 'text', 'email', 'phone'];

export function isTextField(field: EntityField): boolean {
  return !field.ref && !field.status && TEXT_TYPES.includes(field.type);
}

/** The searchable, non-server-only fields of an entity (what the list search looks in). */
export function searchFields(entity: Entity): EntityField[] {
  const names = new Set([
    ...entity.search,
    ...Object.values(entity.fields)
      .filter((f) => f.search)
      .map((f) => f.name),
  ]);
  return [...names].map((n) => entity.fields[n]).filter((f): f is EntityField => !!f && !f.serverOnly);
}

/** The document expression as SQL text (parenthesised), or null when it cannot serve the search. */
export function searchDocument(entity: Entity): string | null {
  const fields = searchFields(entity);
  if (!fields.length || !fields.every(isTextField)) return null;
  return `(${fields.map((f) => `coalesce(${quoteIdent(f.name)}, '')`).join(` || ' ' || `)})`;
}

/** The index name: changes with the document, so a changed search list gets a new index. */
export function searchIndexName(entity: Entity, document: string): string {
  let hash = 0;
  for (const ch of document) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${entity.table.slice(0, 40)}_search_${hash.toString(36)}_trgm`;
}
