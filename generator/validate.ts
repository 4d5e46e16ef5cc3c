/**
 * Turns ajv's errors into messages an analyst can act on.
 *
 * ajv reports what the schema machinery saw: for a label `{en: X}` it says "must be string",
 * "must have required property 'ar'" and "must match exactly one schema in oneOf". The analyst
 * made one mistake, so `collapse` keeps the branch of each oneOf/anyOf the value was meant
 * for, drops the if/then bookkeeping, and `describe` words each remaining error with a fix.
 */
import type { ErrorObject } from 'ajv';
import type { GenError } from './errors.ts';
import type { Colour } from './manifest-types.ts';
import { pointerToPath, type LoadedFile } from './load.ts';
import type { SchemaSet } from './schemas.ts';

/** Every colour once: keyed by the generated `Colour`, so tsc rejects a missing or unknown one. */
const COLOUR_SET: Record<Colour, true> = {
  primary: true,
  secondary: true,
  success: true,
  info: true,
  warning: true,
  danger: true,
  light: true,
  dark: true,
  'light-danger': true,
  'light-dark': true,
  'light-success': true,
  'light-warning': true,
  'light-info': true,
  grey: true,
  green: true,
  blue: true,
  yellow: true,
  red: true,
};
export const COLOURS = Object.keys(COLOUR_SET) as Colour[];

/** Fix hints for keys that are often forgotten. */
const REQUIRED_HINTS: Record<string, string> = {
  en: 'add an English text',
  ar: 'add an Arabic text',
  color: `every status needs a colour: ${COLOURS.join(', ')}`,
  kind: 'start the file with kind: permissions, role, statusTable, rules, entity, form, wizard, screen or navigation',
  name: 'give it a name: lower-case letters, digits, _ or -',
  label: 'add a label: {en: ..., ar: ...} or a locale key',
  title: 'add a title: {en: ..., ar: ...} or a locale key',
  type: 'add a type',
  path: 'add a route path such as /students/:id',
  schema: 'add schema: the JSON Schema of the value, e.g. {type: string}',
  status:
    'options need status: <status table> (only and when pick among its statuses), ref: <entity>, or path: <API path answering the choices>',
  fields: 'add fields: the list of fields',
  statuses: 'add statuses: the list of statuses, each with id, key, name, name_local and color',
  view: 'add a view: list, detail, form, wizard, dashboard, page or plugin',
};

const PATTERN_HINTS: Record<string, string> = {
  '^[a-z][a-z0-9_-]*$': "use lower-case letters, digits, '_' or '-', starting with a letter",
  '^[a-z][a-z0-9_]*$': "use lower-case letters, digits and '_', starting with a letter",
  '^[A-Za-z][A-Za-z0-9_]*$': "use letters, digits and '_', starting with a letter",
  '^[0-9]+$': 'write the id of a status (a whole number), not its key',
  '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$':
    'write a gated action as area.action in lower case, e.g. registration.request',
};

type AjvError = ErrorObject<string, Record<string, unknown>, unknown>;

/** Validates one parsed file; returns positioned errors (empty when valid). */
export function validateDefinition(file: LoadedFile, schemas: SchemaSet): GenError[] {
  if (file.value === undefined) return [];
  if (file.value === null || typeof file.value !== 'object' || Array.isArray(file.value)) {
    return [
      {
        file: file.file,
        line: 1,
        column: 1,
        message: 'the file must hold one definition: keys such as kind, name',
        hint: 'start the file with kind: ...',
      },
    ];
  }
  if (schemas.validate(file.value)) return [];
  const errors = collapse((schemas.validate.errors ?? []) as AjvError[], schemas.reach);
  return errors.map((e) => toGenError(file, e));
}

/**
 * Removes the noise of conditional and alternative schemas: one mistake, one message.
 *
 * ajv's schemaPath of an error inside a `$ref` is relative to the referenced schema, so the
 * errors of a oneOf/anyOf branch are found by identity instead: an error belongs to a branch
 * when the schema object that failed (its parentSchema) is reachable from that branch.
 */
export function collapse(errors: AjvError[], reach: Reachability): AjvError[] {
  let kept = errors.filter((e) => e.keyword !== 'if');
  // A bad key under propertyNames comes twice (the inner pattern error, then propertyNames):
  // keep the outer one, which names the key, and give it the inner one's pattern.
  for (const outer of kept.filter((e) => e.keyword === 'propertyNames')) {
    const inner = kept.filter(
      (e) =>
        e !== outer &&
        (e as { propertyName?: unknown }).propertyName === outer.params.propertyName &&
        e.instancePath === outer.instancePath,
    );
    const pattern = inner.find((e) => e.keyword === 'pattern')?.params.pattern;
    if (pattern !== undefined) outer.params = { ...outer.params, pattern };
    kept = kept.filter((e) => !inner.includes(e));
  }
  // Walk the alternatives from the innermost (deepest data) outwards; ajv reports an
  // alternative after its branches, so a later error never belongs to an earlier one.
  const alternatives = kept.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  alternatives.sort((a, b) => b.instancePath.length - a.instancePath.length);
  for (const alt of alternatives) {
    const at = kept.indexOf(alt);
    if (at < 0) continue;
    const branchSchemas = Array.isArray(alt.schema) ? (alt.schema as unknown[]) : [];
    const under = (e: AjvError) =>
      e.instancePath === alt.instancePath || e.instancePath.startsWith(`${alt.instancePath}/`);
    const branches = branchSchemas.map(() => [] as AjvError[]);
    const drop = new Set<AjvError>();
    for (const e of kept.slice(0, at)) {
      if (!under(e) || !e.parentSchema) continue;
      branchSchemas.forEach((b, i) => {
        if (reach(b).has(e.parentSchema as object)) {
          branches[i].push(e);
          drop.add(e);
        }
      });
    }
    const replacement = chooseBranch(alt, branches);
    kept = [
      ...kept.slice(0, at).filter((e) => !drop.has(e)),
      ...replacement,
      ...kept.slice(at + 1).filter((e) => !drop.has(e)),
    ];
  }
  const seen = new Set<string>();
  return kept.filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The errors of the branch the analyst most likely meant, or one summary error. */
function chooseBranch(alt: AjvError, branches: AjvError[][]): AjvError[] {
  // A oneOf failing because two branches matched has no branch errors: keep it as it is.
  if (branches.every((b) => b.length === 0)) return [alt];
  const atAlt = (e: AjvError) => e.instancePath === alt.instancePath;
  const mismatched = (list: AjvError[]) => list.some((e) => e.keyword === 'type' && atAlt(e));
  const candidates = branches.filter((list) => list.length > 0 && !mismatched(list));
  if (candidates.length === 0) {
    // The value's type fits no branch: one message listing the types that would.
    const types = branches.flatMap((l) =>
      l.filter((e) => e.keyword === 'type' && atAlt(e)).map((e) => String(e.params.type)),
    );
    return [{ ...alt, keyword: 'type', params: { type: [...new Set(types.flatMap((t) => t.split(',')))].join(',') } }];
  }
  // Branches told apart only by which key is present: "needs one of these keys".
  if (candidates.length > 1 && candidates.every((l) => l.length === 1 && l[0].keyword === 'required' && atAlt(l[0]))) {
    const keys = candidates.map((l) => String(l[0].params.missingProperty));
    return [{ ...alt, keyword: 'required', params: { missingProperty: keys.join("', '"), oneOfKeys: keys } }];
  }
  // Otherwise the fewest problems, a missing key weighing more (it suggests another branch).
  const score = (list: AjvError[]) => list.reduce((s, e) => s + (e.keyword === 'required' && atAlt(e) ? 3 : 1), 0);
  return candidates.reduce((best, list) => (score(list) < score(best) ? list : best));
}

/** Every schema object reachable from `schema`, following $ref (see schemas.ts). */
export type Reachability = (schema: unknown) => Set<object>;

function toGenError(file: LoadedFile, e: AjvError): GenError {
  const path = pointerToPath(e.instancePath);
  const { message, hint, keyPath } = describe(e, path);
  const pos = keyPath ? file.locate(keyPath, { key: true }) : file.locate(path);
  return { file: file.file, line: pos.line, column: pos.column, message, hint };
}

interface Described {
  message: string;
  hint?: string;
  /** When set, the error points at this key rather than at the value. */
  keyPath?: string[];
}

/** Words one ajv error; `path` is its instancePath split into segments. */
export function describe(e: AjvError, path: string[]): Described {
  const name = nameOf(path);
  const p = e.params;
  const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(p.additionalProperty ?? p.unevaluatedProperty);
      const allowed = Object.keys((parent.properties as Record<string, unknown> | undefined) ?? {});
      const close = closest(key, allowed);
      const list = allowed.length ? `allowed: ${allowed.join(', ')}` : 'remove it';
      return {
        message: `unknown key '${key}'`,
        hint: close ? `did you mean '${close}'? ${list}` : list,
        keyPath: [...path, key],
      };
    }
    case 'required': {
      if (Array.isArray(p.oneOfKeys)) {
        return { message: `${name} needs one of the keys '${p.oneOfKeys.join("', '")}'`, hint: 'add the one you mean' };
      }
      const key = String(p.missingProperty);
      return {
        message: `missing key '${key}'${path.length ? ` in ${name}` : ''}`,
        hint: REQUIRED_HINTS[key] ?? `add '${key}'`,
      };
    }
    case 'type':
      return typeMessage(name, String(p.type), e.data);
    case 'enum': {
      const allowed = ((p.allowedValues as unknown[]) ?? []).map((v) => String(v));
      const what =
        path.join('/') === 'kind'
          ? `unknown kind '${String(e.data)}'`
          : `'${String(e.data)}' is not allowed for ${name}`;
      const close = closest(String(e.data), allowed);
      return { message: what, hint: `${close ? `did you mean '${close}'? ` : ''}allowed: ${allowed.join(', ')}` };
    }
    case 'const':
      return {
        message: `${name} must be ${JSON.stringify(p.allowedValue)}`,
        hint: `write ${JSON.stringify(p.allowedValue)}`,
      };
    case 'pattern': {
      const pattern = String(p.pattern);
      const hint =
        PATTERN_HINTS[pattern] ??
        (typeof parent.description === 'string' ? parent.description : `it must match ${pattern}`);
      return { message: `'${String(e.data)}' is not a valid ${name}`, hint };
    }
    case 'propertyNames': {
      const key = String(p.propertyName);
      const hint = PATTERN_HINTS[String(p.pattern)] ?? (p.pattern ? `it must match ${String(p.pattern)}` : 'rename it');
      return { message: `invalid key '${key}' in ${name}`, hint, keyPath: [...path, key] };
    }
    case 'format':
      return {
        message: `'${String(e.data)}' is not a valid ${String(p.format)} for ${name}`,
        hint: `write a ${String(p.format)} value`,
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { message: `${name} ${e.message ?? 'is out of range'}`, hint: `change the value ${String(e.data)}` };
    case 'minItems':
      return { message: `${name} needs at least ${String(p.limit)} item(s)`, hint: 'add items to the list' };
    case 'minLength':
      return {
        message: `${name} is too short (at least ${String(p.limit)} character(s))`,
        hint: 'write a longer value',
      };
    case 'maxLength':
    case 'maxItems':
      return { message: `${name} is too long (at most ${String(p.limit)})`, hint: 'shorten it' };
    case 'uniqueItems':
      return {
        message: `${name} lists the same value twice (items ${String(p.j)} and ${String(p.i)})`,
        hint: 'remove the duplicate',
      };
    case 'false schema':
      return {
        message: `key '${path[path.length - 1] ?? ''}' is not allowed here`,
        hint: 'remove it: it does not go with the other keys of this object',
      };
    default:
      return { message: `${name} ${e.message ?? 'is invalid'}`, hint: `see docs/language-outline.md (${e.keyword})` };
  }
}

function typeMessage(name: string, expected: string, data: unknown): Described {
  const types = expected.split(',');
  const words = types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
  if (data === null || data === undefined)
    return { message: `${name} is empty`, hint: `write ${words} after the colon` };
  const got = Array.isArray(data)
    ? 'a list'
    : typeof data === 'object'
      ? 'an object'
      : `${typeof data === 'string' ? 'the text' : 'the value'} ${JSON.stringify(data)}`;
  let hint = `write ${words}`;
  if (types.includes('string') && types.length === 1)
    hint = 'write a text; quote it if it looks like a number or true/false';
  else if ((types.includes('integer') || types.includes('number')) && typeof data === 'string')
    hint = 'write the number without quotes';
  else if (types.includes('boolean')) hint = 'write true or false without quotes';
  else if (types.includes('array')) hint = 'write a list: [a, b] or one "- item" per line';
  else if (types.includes('object') && types.includes('string')) hint = 'write {en: ..., ar: ...} or a locale key';
  return { message: `${name} must be ${words}, not ${got}`, hint };
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object (keys under it)',
  null: 'nothing',
};

/** How the analyst would name the node: 'fields.name.label', 'item 2 of columns'. */
function nameOf(path: string[]): string {
  if (path.length === 0) return 'the definition';
  const last = path[path.length - 1];
  if (/^\d+$/.test(last)) return `item ${Number(last) + 1} of '${path.slice(0, -1).join('.') || 'the list'}'`;
  return `'${path.join('.')}'`;
}

/** The allowed word closest to a misspelt one, if it is close enough to be a typo. */
export function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
