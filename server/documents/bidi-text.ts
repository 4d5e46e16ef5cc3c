/**
 * Line breaking and visual ordering of mixed Arabic / Latin / digit text, independent of
 * pdfkit: the renderer hands in a width function and gets back, per line, the pieces to
 * draw from left to right.
 *
 * Why this exists: pdfkit (through fontkit) shapes Arabic letters, but lays a line out word
 * by word from left to right, so an Arabic sentence comes out with its words reversed and
 * numbers in the wrong place. We break lines in logical order first (UAX #9 says reordering
 * happens per line, after breaking), then use bidi-js to compute each line's visual order
 * and cut it into pieces that fontkit can lay out on its own:
 *  - a left-to-right piece (Latin, digits) is drawn as is;
 *  - a right-to-left piece is one word: fontkit sees Arabic script, shapes it and reverses
 *    its glyphs itself, so a word of logical text comes out right. Words of one RTL run are
 *    placed from right to left here, which is what fontkit cannot do across spaces.
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export type Direction = 'rtl' | 'ltr';

/** One piece of a line, in visual order (left to right). `text` is in logical order. */
export interface Piece {
  text: string;
  rtl: boolean;
  width: number;
}

export interface VisualLine {
  pieces: Piece[];
  width: number;
}

export type Measure = (text: string) => number;

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

// Any Arabic-block character: fontkit treats such a string as right to left and reverses it.
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * Break `text` into lines no wider than `maxWidth` (in logical order; hard breaks on \n),
 * then order each line visually. A single word wider than the line is split by characters.
 */
export function layoutParagraph(text: string, maxWidth: number, direction: Direction, measure: Measure): VisualLine[] {
  const lines: VisualLine[] = [];
  for (const paragraph of normalise(text).split('\n')) {
    const levels = bidi.getEmbeddingLevels(paragraph, direction);
    for (const [start, end] of breakLines(paragraph, maxWidth, measure)) {
      lines.push(orderLine(paragraph, levels, start, end, measure));
    }
  }
  return lines;
}

function normalise(text: string): string {
  return String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ');
}

/**
 * [start, end) ranges of the paragraph, each fitting maxWidth; spaces at a break are dropped.
 * A line's width is the sum of its words and gaps (shaping never joins across a space), so each
 * word is measured once.
 */
function breakLines(text: string, maxWidth: number, measure: Measure): Array<[number, number]> {
  if (text.trim() === '') return [[0, 0]];
  const ranges: Array<[number, number]> = [];
  let lineStart = -1;
  let lineEnd = -1;
  let lineWidth = 0;
  for (const m of text.matchAll(/\S+/g)) {
    const ws = m.index!;
    const we = ws + m[0].length;
    if (lineStart >= 0) {
      const width = lineWidth + measure(text.slice(lineEnd, ws)) + measure(m[0]);
      if (width <= maxWidth) {
        lineEnd = we;
        lineWidth = width;
        continue;
      }
      ranges.push([lineStart, lineEnd]);
    }
    [lineStart, lineEnd] = fitWord(text, ws, we, maxWidth, measure, ranges);
    lineWidth = measure(text.slice(lineStart, lineEnd));
  }
  if (lineStart >= 0) ranges.push([lineStart, lineEnd]);
  return ranges;
}

/** Starts a line with the word [ws, we); a word too wide for a line is cut into full lines first. */
function fitWord(
  text: string,
  ws: number,
  we: number,
  maxWidth: number,
  measure: Measure,
  ranges: Array<[number, number]>,
): [number, number] {
  let start = ws;
  while (measure(text.slice(start, we)) > maxWidth) {
    let cut = start + 1;
    while (cut < we && measure(text.slice(start, cut + 1)) <= maxWidth) cut++;
    ranges.push([start, cut]);
    start = cut;
  }
  return [start, we];
}

/** The visual pieces of text[start, end). */
function orderLine(
  text: string,
  levels: ReturnType<typeof bidi.getEmbeddingLevels>,
  start: number,
  end: number,
  measure: Measure,
): VisualLine {
  if (end <= start) return { pieces: [], width: 0 };
  // Visual order of the line's character indices: apply bidi-js's reversals (rule L2).
  const order: number[] = [];
  for (let i = start; i < end; i++) order.push(i);
  for (const [from, to] of bidi.getReorderSegments(text, levels, start, end - 1)) {
    const a = from - start;
    const b = to - start;
    order.splice(a, b - a + 1, ...order.slice(a, b + 1).reverse());
  }
  // Group visually adjacent characters of one level that are also adjacent logically.
  const runs: Array<{ from: number; to: number; rtl: boolean }> = [];
  for (const index of order) {
    const rtl = (levels.levels[index] & 1) === 1;
    const last = runs[runs.length - 1];
    if (last && last.rtl === rtl && (rtl ? index === last.from - 1 : index === last.to + 1)) {
      if (rtl) last.from = index;
      else last.to = index;
    } else runs.push({ from: index, to: index, rtl });
  }
  const pieces: Piece[] = [];
  for (const run of runs) {
    const logical = text.slice(run.from, run.to + 1);
    for (const part of splitRun(logical, run.rtl)) {
      // Bidi controls (LRM, RLM, embeddings, isolates) steer the ordering; they are not drawn.
      const shown = part.text.replace(BIDI_CONTROLS, '');
      if (shown) pieces.push({ text: shown, rtl: part.rtl, width: measure(shown) });
    }
  }
  return { pieces, width: pieces.reduce((sum, p) => sum + p.width, 0) };
}

/**
 * Pieces of one level run in visual order. RTL: its words, last word first, with the spaces
 * as their own pieces. LTR: as is, unless it holds Arabic-block characters (Arabic-Indic
 * digits in a left-to-right run), which fontkit would reverse: those go one character each.
 */
function splitRun(logical: string, rtl: boolean): Array<{ text: string; rtl: boolean }> {
  if (rtl) {
    const pieces: Array<{ text: string; rtl: boolean }> = [];
    for (const token of (logical.match(/\s+|\S+/g) ?? []).reverse()) {
      // fontkit reverses a word holding Arabic letters itself (brackets swapped here, UAX #9
      // rule L4); a word of neutrals only (":", "...", "(") it would draw forwards, so its
      // characters are reversed and mirrored here.
      if (ARABIC.test(token)) pieces.push({ text: token.replace(BRACKETS, (c) => MIRRORS[c]!), rtl: true });
      else for (const c of Array.from(token).reverse()) pieces.push({ text: MIRRORS[c] ?? c, rtl: true });
    }
    return pieces;
  }
  if (!ARABIC.test(logical)) return [{ text: logical, rtl: false }];
  return Array.from(logical).map((c) => ({ text: c, rtl: false }));
}

// Paired punctuation in a right-to-left run shows its mirror image (UAX #9 rule L4).
const BRACKETS = /[()[\]{}<>«»]/g;
const MIRRORS: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};
