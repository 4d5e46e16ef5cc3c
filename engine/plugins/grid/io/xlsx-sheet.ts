/**
 * The first sheet of an .xlsx/.xlsm read straight from its XML, for the import's common case.
 * SheetJS's generic reader builds a cell object per cell with regular expressions and took
 * about two thirds of a 50,000-row import; this scans the sheet once with indexOf and keeps
 * only what the import needs: the cell's value, and whether its number format is a date.
 *
 * It gives what read.ts's SheetJS path gives (tested side by side on the same files): the same
 * range (the <dimension> when it names one, else the cells' bounds), shared and inline strings
 * as SheetJS joins them (rich-text runs, phonetic runs left out), XML entities and _xHHHH_
 * escapes decoded, booleans, numbers, a formula's cached value. Anything it does
 * not expect (a prefixed namespace, an ISO date cell, CDATA, a chart sheet first) makes it
 * answer null, and the caller reads the file with SheetJS.
 */
import * as XLSX from 'xlsx';
import type { SheetCell } from './table.ts';
import { dateCell, decimalAt, unescapeXml, type DateContext } from './xlsx-values.ts';
import { unzipNative } from './zip.ts';

/** The cells of a sheet by row and column (0-based, absolute), and the sheet's range. */
export interface SheetGrid {
  range: { s: { r: number; c: number }; e: { r: number; c: number } } | null;
  rows: (SheetCell[] | undefined)[];
}

type Entries = Map<string, Uint8Array>;

function unzip(bytes: Uint8Array): Entries {
  const zip = XLSX.CFB.read(bytes, { type: 'array' }) as {
    FullPaths: string[];
    FileIndex: { content?: Uint8Array; type: number }[];
  };
  const entries: Entries = new Map();
  zip.FullPaths.forEach((full, i) => {
    const entry = zip.FileIndex[i];
    // FullPaths start with the root entry's name ('Root Entry/').
    if (entry?.type === 2 && entry.content) entries.set(full.slice(full.indexOf('/') + 1), entry.content);
  });
  return entries;
}

const decoder = new TextDecoder('utf-8');
const text = (entries: Entries, name: string): string | undefined => {
  const bytes = entries.get(name);
  return bytes && decoder.decode(bytes);
};

/** The attributes of the tag starting at `at` (its '<'), up to its '>'; `end` is after '>'. */
function attributes(xml: string, at: number): { attrs: Map<string, string>; end: number; closed: boolean } {
  const close = xml.indexOf('>', at);
  if (close < 0) throw new Error('unclosed tag');
  const attrs = new Map<string, string>();
  const pattern = /([^\s=/<>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  const tag = xml.slice(at, close);
  for (let m = pattern.exec(tag); m; m = pattern.exec(tag)) attrs.set(m[1]!, unescapeXml(m[2] ?? m[3] ?? ''));
  return { attrs, end: close + 1, closed: xml.charCodeAt(close - 1) === 47 /* / */ };
}

/** Every start tag named `name` (not a prefix of a longer name) in the text. */
function* tags(xml: string, name: string): Generator<Map<string, string>> {
  for (let at = xml.indexOf(`<${name}`); at >= 0; at = xml.indexOf(`<${name}`, at + 1)) {
    const next = xml.charCodeAt(at + name.length + 1);
    if (next === 32 || next === 47 || next === 62 || next === 9 || next === 10 || next === 13)
      yield attributes(xml, at).attrs;
  }
}

/**
 * A string item (<si> or <is>) as SheetJS reads it: a plain <t> as written, rich text as its
 * runs' <t> joined, phonetic runs (<rPh>) left out; neither gives no value.
 */
function stringItem(body: string): string | undefined {
  const lead = body.trimStart();
  if (lead.startsWith('<t>') || lead.startsWith('<t ') || lead.startsWith('<t/')) {
    const open = lead.indexOf('>');
    if (lead.charCodeAt(open - 1) === 47) return '';
    const close = lead.indexOf('</t>', open);
    return unescapeXml(lead.slice(open + 1, close < 0 ? undefined : close));
  }
  if (!/<r[\s>]/.test(body)) return undefined;
  const plain = body.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let out = '';
  for (const m of plain.matchAll(/<t\b[^<>]*>([^<]*)<\/t>/g)) out += m[1];
  return unescapeXml(out);
}

function sharedStrings(xml: string | undefined): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  if (!xml) return out;
  for (let at = xml.indexOf('<si'); at >= 0;) {
    const { end, closed } = attributes(xml, at);
    if (closed) {
      out.push(undefined);
      at = xml.indexOf('<si', end);
      continue;
    }
    const close = xml.indexOf('</si>', end);
    if (close < 0) throw new Error('unclosed si');
    out.push(stringItem(xml.slice(end, close)));
    at = xml.indexOf('<si', close);
  }
  return out;
}

/** For each cell style (<cellXfs> entry), whether its number format is a date format. */
function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const formats = new Map<number, string>();
  for (const attrs of tags(xml, 'numFmt'))
    formats.set(parseInt(attrs.get('numFmtId') ?? '', 10), attrs.get('formatCode') ?? '');
  const table = XLSX.SSF.get_table() as Record<number, string>;
  const start = xml.indexOf('<cellXfs');
  const end = xml.indexOf('</cellXfs>', start);
  if (start < 0 || end < 0) return [];
  const out: boolean[] = [];
  for (const attrs of tags(xml.slice(start, end), 'xf')) {
    const id = parseInt(attrs.get('numFmtId') ?? '0', 10);
    const format = formats.get(id) ?? table[id];
    out.push(format !== undefined && XLSX.SSF.is_date(format));
  }
  return out;
}

/** The zip entry a relationship target names, relative to the part that holds it. */
function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

function relationships(entries: Entries, part: string): Map<string, { type: string; target: string }> {
  const slash = part.lastIndexOf('/');
  const xml = text(entries, `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`) ?? '';
  const out = new Map<string, { type: string; target: string }>();
  for (const attrs of tags(xml, 'Relationship'))
    out.set(attrs.get('Id') ?? '', { type: attrs.get('Type') ?? '', target: resolve(part, attrs.get('Target') ?? '') });
  return out;
}

const byType = (rels: Map<string, { type: string; target: string }>, type: string) =>
  [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;

/** Column index (0-based) of a cell reference's letters. */
function columnOf(ref: string): number {
  let c = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) - 64;
    if (code < 1 || code > 26) break;
    c = c * 26 + code;
  }
  return c - 1;
}

const rowOf = (ref: string): number => parseInt(ref.replace(/^[A-Z]+/, ''), 10) - 1;

function decodeRange(ref: string): SheetGrid['range'] {
  const [a, b] = ref.split(':');
  if (!a || !b) return null;
  const range = { s: { r: rowOf(a), c: columnOf(a) }, e: { r: rowOf(b), c: columnOf(b) } };
  const ok = range.s.r >= 0 && range.s.c >= 0 && range.s.r <= range.e.r && range.s.c <= range.e.c;
  return ok ? range : null;
}

/** The text of a cell's child element (<v>, <is>): '' when empty, undefined when absent. */
function child(body: string, name: string): string | undefined {
  for (let open = body.indexOf(`<${name}`); open >= 0; open = body.indexOf(`<${name}`, open + 1)) {
    const after = body.charCodeAt(open + name.length + 1);
    if (after !== 62 && after !== 32 && after !== 47) continue;
    const gt = body.indexOf('>', open);
    if (body.charCodeAt(gt - 1) === 47) return '';
    const close = body.indexOf(`</${name}>`, gt);
    if (close < 0) throw new Error(`unclosed ${name}`);
    return body.slice(gt + 1, close);
  }
  return undefined;
}

interface Context extends DateContext {
  strings: (string | undefined)[];
  /** Per cell style, whether its number format is a date format. */
  dates: boolean[];
}

/**
 * One cell's value from its type, its body (what lies between <c ...> and </c>) and its
 * style, as read.ts's cellValue gives it; undefined for a cell SheetJS leaves out.
 */
function cellOf(type: string | undefined, body: string, style: number, ctx: Context): SheetCell | undefined {
  if (type === 'inlineStr') {
    const is = child(body, 'is');
    return is === undefined ? '' : (stringItem(is) ?? null);
  }
  // A formula's cell is its cached <v>; one not yet calculated has none and is left out.
  return valueOf(type, child(body, 'v'), style, ctx);
}

/** A cell's value from its type and the text of its <v> (undefined: none). */
function valueOf(
  type: string | undefined,
  value: string | undefined,
  style: number,
  ctx: Context,
): SheetCell | undefined {
  switch (type) {
    case undefined:
    case 'n': {
      if (value === undefined || value === '') return undefined;
      const n = parseFloat(value.includes('&') ? unescapeXml(value) : value);
      return ctx.dates[style] ? dateCell(n, ctx) : n;
    }
    case 's':
      return value === undefined || value === '' ? undefined : (ctx.strings[parseInt(value, 10)] ?? null);
    case 'str':
      return value === undefined ? '' : unescapeXml(value);
    case 'inlineStr': // its text is in <is>, not <v>
      return '';
    case 'b':
      return value === '1' || value === 'true';
    case 'e':
      return value === undefined || value === '' ? '#ERROR' : unescapeXml(value);
    default:
      throw new Error(`cell type ${type}`);
  }
}

/** The cells of a worksheet's <sheetData>, and its range as SheetJS works it out. */
function sheetCells(xml: string, ctx: Context): SheetGrid {
  const root = /<([^?!\s>/]+)/.exec(xml.slice(xml.indexOf('<', xml.indexOf('?>') + 1)));
  if (root?.[1] !== 'worksheet') throw new Error(`root ${root?.[1]}`);
  const dataAt = xml.indexOf('<sheetData');
  if (dataAt < 0) throw new Error('no sheetData');
  const dimension = /<dimension\b[^>]*?"(\w*:\w*)"/.exec(xml.slice(0, dataAt));
  let range = dimension ? decodeRange(dimension[1]!) : null;
  const guess = { s: { r: Infinity, c: Infinity }, e: { r: -1, c: -1 } };
  const rows: (SheetCell[] | undefined)[] = [];
  const data = attributes(xml, dataAt);
  if (data.closed) return { range, rows };
  let pos = data.end;
  const end = xml.indexOf('</sheetData>', pos);
  if (end < 0) throw new Error('unclosed sheetData');
  let r = -1;
  let c = -1;
  let row: SheetCell[] | undefined;
  while (pos < end) {
    const lt = xml.indexOf('<', pos);
    if (lt < 0 || lt >= end) break;
    const name = xml.charCodeAt(lt + 1);
    const after = xml.charCodeAt(lt + 2);
    if (name === 99 /* c */ && (after === 32 || after === 62 || after === 47)) {
      // A cell: <c r="B2" s="1" t="s"><v>..</v></c>, or <c .../> with no value.
      // Attributes by their one-letter names, read in place (no string per attribute).
      let type: string | undefined;
      let style = 0;
      let cellRow = r;
      let refFound = false;
      const gt = xml.indexOf('>', lt);
      for (let i = lt + 2; i < gt;) {
        while (i < gt && xml.charCodeAt(i) <= 32) i++;
        const eq = xml.indexOf('=', i);
        if (eq < 0 || eq > gt) break;
        const quote = xml.charCodeAt(eq + 1);
        if (quote !== 34 && quote !== 39) throw new Error('attribute');
        const from = eq + 2;
        const to = xml.indexOf(quote === 34 ? '"' : "'", from);
        if (eq - i === 1) {
          const key = xml.charCodeAt(i);
          if (key === 114 /* r */) {
            let col = 0;
            let at = from;
            for (let code = xml.charCodeAt(at) - 64; code >= 1 && code <= 26; code = xml.charCodeAt(++at) - 64)
              col = col * 26 + code;
            let number = 0;
            for (let digit = xml.charCodeAt(at) - 48; digit >= 0 && digit <= 9; digit = xml.charCodeAt(++at) - 48)
              number = number * 10 + digit;
            if (at !== to || col === 0 || number === 0) throw new Error('cell reference');
            c = col - 1;
            cellRow = number - 1;
            refFound = true;
          } else if (key === 116 /* t */) type = xml.slice(from, to);
          else if (key === 115 /* s */) style = parseInt(xml.slice(from, to), 10) || 0;
        }
        i = to + 1;
      }
      if (!refFound) c += 1;
      const closed = xml.charCodeAt(gt - 1) === 47;
      const close = closed ? gt : xml.indexOf('</c>', gt);
      if (close < 0 || close > end) throw new Error('unclosed c');
      // Most cells are <c ...><v>text</v></c>: their value is cut out directly.
      const plain =
        !closed &&
        xml.startsWith('<v>', gt + 1) &&
        xml.startsWith('</v>', close - 4) &&
        xml.indexOf('<', gt + 4) === close - 4;
      const number = plain && (type === undefined || type === 'n') ? decimalAt(xml, gt + 4, close - 4) : undefined;
      const value =
        number !== undefined
          ? ctx.dates[style]
            ? dateCell(number, ctx)
            : number
          : plain
            ? valueOf(type, xml.slice(gt + 4, close - 4), style, ctx)
            : cellOf(type, closed ? '' : xml.slice(gt + 1, close), style, ctx);
      pos = closed ? gt + 1 : close + 4;
      if (value === undefined) continue;
      if (c < guess.s.c) guess.s.c = c;
      if (c > guess.e.c) guess.e.c = c;
      const target = cellRow === r && row ? row : (rows[cellRow] ??= []);
      target[c] = value;
      continue;
    }
    if (
      name === 114 /* r */ &&
      xml.startsWith('<row', lt) &&
      (xml.charCodeAt(lt + 4) === 32 || xml.charCodeAt(lt + 4) === 62)
    ) {
      const { attrs, end: next, closed } = attributes(xml, lt);
      pos = next;
      if (closed) continue;
      const number = attrs.get('r');
      r = number === undefined ? r + 1 : parseInt(number, 10) - 1;
      c = -1;
      row = rows[r] ??= [];
      if (r < guess.s.r) guess.s.r = r;
      if (r > guess.e.r) guess.e.r = r;
      continue;
    }
    pos = xml.indexOf('>', lt) + 1;
  }
  if (!range && guess.e.c >= guess.s.c && guess.e.r >= guess.s.r) range = guess;
  return { range, rows };
}

/** The first sheet's cells from the archive's files, or null (see readXlsxGrid). */
function gridOf(entries: Entries): SheetGrid | null {
  try {
    const root = relationships(entries, '');
    const book = byType(root, 'officeDocument');
    const workbook = book && text(entries, book);
    if (!book || !workbook) return null;
    const rels = relationships(entries, book);
    const first = tags(workbook, 'sheet').next().value;
    const sheet = first && rels.get(first.get('r:id') ?? '')?.target;
    const xml = sheet && text(entries, sheet);
    if (!xml) return null;
    const props = tags(workbook, 'workbookPr').next().value;
    const date1904 = ['1', 'true'].includes(props?.get('date1904') ?? '');
    const strings = sharedStrings(text(entries, byType(rels, 'sharedStrings') ?? ''));
    const dates = dateStyles(text(entries, byType(rels, 'styles') ?? ''));
    return sheetCells(xml, { strings, dates, date1904, days: new Map() });
  } catch {
    // What this reader does not expect is SheetJS's to read (or to report as damaged).
    return null;
  }
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/**
 * The first sheet's cells, or null when the file is not a zip this reader understands (an
 * .xls, a damaged file, an unusual writer): the caller then uses SheetJS, which also reports
 * a damaged file.
 */
export function readXlsxGrid(bytes: Uint8Array): SheetGrid | null {
  if (!isZip(bytes)) return null;
  let entries: Entries;
  try {
    entries = unzip(bytes);
  } catch {
    return null;
  }
  return gridOf(entries);
}

/** readXlsxGrid with the archive inflated by the platform where it can (the import worker). */
export async function readXlsxGridAsync(bytes: Uint8Array): Promise<SheetGrid | null> {
  if (!isZip(bytes)) return null;
  const entries = await unzipNative(bytes).catch(() => null);
  return entries ? gridOf(entries) : readXlsxGrid(bytes);
}
