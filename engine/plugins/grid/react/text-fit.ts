/**
 * Whether a body cell's text fits its column, so that the cell is drawn without a clip (class
 * rg-fit). A clipped cell is a paint chunk of its own: a scroll frame paints and layerizes a dozen
 * per row coming in, and with the cells whose text fits left unclipped the frame's main-thread
 * work drops by a quarter or more, slack the page needs when a major collection's marking takes
 * the cores (docs/decisions.md, Grid, "Cells without a clip"). A text that does not fit, or
 * cannot be measured, keeps its clip, so nothing is ever drawn over a neighbour.
 *
 * Widths are measured with a canvas in the grid's own font, and only once the faces the text needs
 * are loaded (before that a fallback font would be measured). Text in printable ASCII (codes,
 * numbers, dates, e-mails, most names) is summed from its characters' advances, measured once per
 * font: most such texts are seen once (a code, a phone number), and measuring each with
 * `measureText` cost about 0.4 ms of every scroll frame's main thread. Other text (Arabic, whose
 * letters change shape with their neighbours) is measured whole, once per text (a small cache).
 * Without a canvas (a DOM without layout) every cell keeps its clip.
 */

/** Kept free beyond the measured width, px: numbers are drawn with tabular digits (rg-num), which a canvas does not measure. */
const SLACK = 4;
/** Texts beyond ASCII whose width is remembered; cleared when full. */
const REMEMBERED = 2000;
/** The printable ASCII characters, codes FIRST to LAST. */
const FIRST = 0x20;
const LAST = 0x7e;

const ASCII = /^[\x20-\x7e]*$/;
/**
 * How long a font found not loaded is taken as still not loaded, ms: a face that never loads
 * would otherwise be checked again for every cell of every frame.
 */
const RECHECK_MS = 250;

let context: OffscreenCanvasRenderingContext2D | null | undefined;
let contextFont = '';
let fontReady = false;
let usable = false;
/** When the font (`fontReady`) and a face for text beyond ASCII were last found not loaded. */
let fontMissedAt = -Infinity;
let faceMissedAt = -Infinity;
const DEFAULT_FONT = '10px sans-serif';
const widths = new Map<string, number>();
/**
 * The advance of each printable ASCII character in the measured font (index: code - FIRST), or
 * null until first needed. A text's width is then at most the sum of its characters' advances:
 * kerning and ligatures only take room away in the grid's fonts (checked for every pair of
 * printable characters in the bench's font: no pair is wider than its two advances), and SLACK
 * covers a font that would add a little.
 */
let advances: Float64Array | null = null;

function measurer(font: string): OffscreenCanvasRenderingContext2D | null {
  if (context === undefined)
    context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return null;
  if (font !== contextFont) {
    context.font = DEFAULT_FONT;
    context.font = font;
    contextFont = font;
    // A font the canvas cannot parse leaves its default (10px sans-serif), which would measure
    // every text too narrow: then nothing is measured.
    usable = context.font !== DEFAULT_FONT;
    fontReady = false;
    fontMissedAt = faceMissedAt = -Infinity;
    widths.clear();
    advances = null;
  }
  // Checked until the font is loaded (the fonts of a page load when text first uses them).
  if (usable && !fontReady && performance.now() - fontMissedAt > RECHECK_MS) {
    fontReady = loaded(font);
    if (!fontReady) fontMissedAt = performance.now();
  }
  return usable && fontReady ? context : null;
}

/** Whether the faces `font` needs for `text` are loaded (false if the font cannot be checked). */
function loaded(font: string, text?: string): boolean {
  if (typeof document === 'undefined' || !document.fonts) return false;
  try {
    return document.fonts.check(font, text);
  } catch {
    return false;
  }
}

/** Whether `text` drawn in `font` (a CSS font shorthand; '': not measured now) fits in `room` px. */
export function textFits(text: string, room: number, font: string): boolean {
  if (!text) return true;
  if (!font) return false;
  const measure = measurer(font);
  if (!measure) return false;
  if (ASCII.test(text)) return asciiWidth(measure, text) + SLACK <= room;
  let width = widths.get(text);
  if (width === undefined) {
    // Text beyond ASCII may come from another face of the font list (Arabic from its own, with its
    // own unicode-range), loaded on its own: measured only once the faces it needs are loaded.
    if (performance.now() - faceMissedAt <= RECHECK_MS) return false;
    if (!loaded(font, text)) {
      faceMissedAt = performance.now();
      return false;
    }
    width = measure.measureText(text).width;
    if (widths.size >= REMEMBERED) widths.clear();
    widths.set(text, width);
  }
  return width + SLACK <= room;
}

/** The width of a printable-ASCII text: the sum of its characters' advances (see `advances`). */
function asciiWidth(measure: OffscreenCanvasRenderingContext2D, text: string): number {
  if (!advances) {
    advances = new Float64Array(LAST - FIRST + 1);
    for (let code = FIRST; code <= LAST; code++)
      advances[code - FIRST] = measure.measureText(String.fromCharCode(code)).width;
  }
  let width = 0;
  for (let i = 0; i < text.length; i++) width += advances[text.charCodeAt(i) - FIRST]!;
  return width;
}
