/**
 * A small PDF renderer for the portal's printable documents (registration slips, payment
 * instructions): a title, paragraphs, key/value rows and tables, in Arabic (right to left)
 * or English, returned as a Buffer.
 *
 * Text goes through bidi-text.ts: lines are broken in logical order, ordered visually with
 * bidi-js and drawn piece by piece from left to right at positions computed here. pdfkit's
 * own line wrapping is never used (it would reverse Arabic word order). Pages break between
 * lines and between table rows; a table's header is repeated on each page.
 */
import PDFDocument from 'pdfkit';
import { layoutParagraph, type Direction, type VisualLine } from './bidi-text.ts';
import { fontData, type FontWeight } from './fonts.ts';

export type { Direction } from './bidi-text.ts';

/**
 * Keeps a left-to-right value (a date 2026-11-22, a reference A-12-3) in one piece inside
 * Arabic text. Without it the bidi algorithm, as in any browser, turns the digits after
 * Arabic letters into Arabic numbers and shows "2026-11-22" as "22-11-2026".
 */
export const ltr = (value: string | number): string => `\u2066${value}\u2069`;
/** start = right in an RTL document, left in an LTR one. */
export type Align = 'start' | 'center' | 'end';
export type CellValue = string | number | null | undefined;

export type PdfBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string; bold?: boolean; size?: number; align?: Align }
  | { type: 'keyValue'; rows: Array<{ label: string; value: CellValue }>; /** label share of the width, 0..1 (0.35) */ labelWidth?: number }
  | {
    type: 'table';
    /** width: a relative weight (1 when absent), scaled to the page width. */
    columns: Array<{ header: string; width?: number; align?: Align }>;
    rows: CellValue[][];
    /** Shown in place of the rows when there are none. */
    empty?: string;
  }
  | { type: 'spacer'; height?: number };

export interface PdfDocumentSpec {
  direction: Direction;
  /** BCP 47 tag written into the PDF (/Lang), e.g. 'ar' or 'en'. */
  language: string;
  title?: string;
  subtitle?: string;
  blocks: PdfBlock[];
  /** Document properties (author, subject); the title is the spec's title. */
  info?: { author?: string; subject?: string };
}

const MARGIN = 48;
const BODY_SIZE = 10.5;
const LINE_FACTOR = 1.55; // Vazirmatn's Arabic marks need more than pdfkit's default leading.
const CELL_PAD = 4;
const BORDER = '#9e9e9e';
const HEADER_FILL = '#eeeeee';

type Doc = PDFKit.PDFDocument;

export function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: spec.language,
    displayTitle: !!spec.title,
    info: { Title: spec.title ?? '', Author: spec.info?.author ?? '', Subject: spec.info?.subject ?? '', Creator: 'Rowaq' },
  });
  doc.registerFont('regular', fontData('regular'));
  doc.registerFont('bold', fontData('bold'));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new Writer(doc, spec.direction);
  if (spec.title) writer.paragraph(spec.title, { weight: 'bold', size: 16, align: 'center' });
  if (spec.subtitle) writer.paragraph(spec.subtitle, { weight: 'regular', size: 11, align: 'center' });
  if (spec.title || spec.subtitle) writer.space(10);
  for (const block of spec.blocks) writer.block(block);
  extractableLigatures(doc);
  doc.end();
  return done;
}

interface TextStyle { weight: FontWeight; size: number; align: Align }

/** Keeps the cursor (y) and draws blocks; x positions are computed, never pdfkit's. */
class Writer {
  private y: number;
  private readonly widths = new Map<string, number>();
  private readonly left: number;
  private readonly width: number;

  constructor(private readonly doc: Doc, private readonly direction: Direction) {
    this.y = doc.page.margins.top;
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  block(block: PdfBlock): void {
    switch (block.type) {
      case 'heading': this.space(6); this.paragraph(block.text, { weight: 'bold', size: 12.5, align: 'start' }); this.space(2); return;
      case 'paragraph': this.paragraph(block.text, { weight: block.bold ? 'bold' : 'regular', size: block.size ?? BODY_SIZE, align: block.align ?? 'start' }); this.space(4); return;
      case 'keyValue': this.keyValue(block.rows, block.labelWidth ?? 0.35); this.space(6); return;
      case 'table': this.table(block); this.space(8); return;
      case 'spacer': this.space(block.height ?? 10); return;
    }
  }

  space(height: number): void {
    this.y += height;
  }

  paragraph(text: string, style: TextStyle): void {
    const lines = this.lines(text, this.width, style);
    const lineHeight = style.size * LINE_FACTOR;
    for (const line of lines) {
      this.ensure(lineHeight);
      this.drawLine(line, this.left, this.width, this.y, style);
      this.y += lineHeight;
    }
  }

  private keyValue(rows: Array<{ label: string; value: CellValue }>, share: number): void {
    const labelWidth = this.width * share;
    const columns = [{ width: labelWidth, weight: 'bold' as const }, { width: this.width - labelWidth, weight: 'regular' as const }];
    for (const row of rows) {
      const cells = [row.label, cellText(row.value)].map((text, i) => this.lines(text, columns[i]!.width - 2 * CELL_PAD, { weight: columns[i]!.weight, size: BODY_SIZE, align: 'start' }));
      const height = Math.max(...cells.map((c) => c.length)) * BODY_SIZE * LINE_FACTOR + 2;
      this.ensure(height);
      const xs = this.columnXs(columns.map((c) => c.width));
      cells.forEach((lines, i) => this.drawCell(lines, xs[i]!, columns[i]!.width, { weight: columns[i]!.weight, size: BODY_SIZE, align: 'start' }));
      this.y += height;
    }
  }

  private table(block: Extract<PdfBlock, { type: 'table' }>): void {
    const weights = block.columns.map((c) => (c.width && c.width > 0 ? c.width : 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / total) * this.width);
    const xs = this.columnXs(widths);
    const bodyStyle = (i: number): TextStyle => ({ weight: 'regular', size: BODY_SIZE - 1, align: block.columns[i]!.align ?? 'start' });
    const headerStyle = (i: number): TextStyle => ({ ...bodyStyle(i), weight: 'bold' });
    const measureRow = (texts: string[], style: (i: number) => TextStyle) => {
      const cells = texts.map((t, i) => this.lines(t, widths[i]! - 2 * CELL_PAD, style(i)));
      const height = Math.max(1, ...cells.map((c) => c.length)) * (BODY_SIZE - 1) * LINE_FACTOR + 2 * CELL_PAD;
      return { cells, height };
    };
    const header = measureRow(block.columns.map((c) => c.header), headerStyle);
    const drawRow = (row: ReturnType<typeof measureRow>, style: (i: number) => TextStyle, fill?: string) => {
      row.cells.forEach((lines, i) => {
        if (fill) this.doc.rect(xs[i]!, this.y, widths[i]!, row.height).fillColor(fill).fill();
        this.doc.rect(xs[i]!, this.y, widths[i]!, row.height).lineWidth(0.5).strokeColor(BORDER).stroke();
        this.doc.fillColor('black');
        this.y += CELL_PAD;
        this.drawCell(lines, xs[i]! + CELL_PAD, widths[i]! - 2 * CELL_PAD, style(i));
        this.y -= CELL_PAD;
      });
      this.y += row.height;
    };
    // The header and at least one row stay together.
    const rowTexts = (cells: CellValue[]) => block.columns.map((_, i) => cellText(cells[i]));
    const first = block.rows[0] ? measureRow(rowTexts(block.rows[0]), bodyStyle) : null;
    this.ensure(header.height + (first?.height ?? 0));
    drawRow(header, headerStyle, HEADER_FILL);
    if (!block.rows.length && block.empty) {
      this.y += CELL_PAD;
      this.paragraph(block.empty, { weight: 'regular', size: BODY_SIZE - 1, align: 'center' });
      return;
    }
    block.rows.forEach((cells, index) => {
      const row = index === 0 && first ? first : measureRow(rowTexts(cells), bodyStyle);
      if (this.y + row.height > this.bottom()) {
        this.newPage();
        drawRow(header, headerStyle, HEADER_FILL);
      }
      drawRow(row, bodyStyle);
    });
  }

  /** Left x of each column; in a right-to-left document the first column is on the right. */
  private columnXs(widths: number[]): number[] {
    const xs: number[] = [];
    let x = this.direction === 'rtl' ? this.left + this.width : this.left;
    for (const w of widths) {
      if (this.direction === 'rtl') { x -= w; xs.push(x); } else { xs.push(x); x += w; }
    }
    return xs;
  }

  private drawCell(lines: VisualLine[], x: number, width: number, style: TextStyle): void {
    let y = this.y;
    for (const line of lines) {
      this.drawLine(line, x, width, y, style);
      y += style.size * LINE_FACTOR;
    }
  }

  private lines(text: string, width: number, style: TextStyle): VisualLine[] {
    this.font(style);
    // Widths repeat (the same words in every row): measured once per font and size.
    const key = `${style.weight}/${style.size}/`;
    const measure = (t: string) => {
      let w = this.widths.get(key + t);
      if (w === undefined) this.widths.set(key + t, (w = this.doc.widthOfString(t)));
      return w;
    };
    return layoutParagraph(text, width, this.direction, measure);
  }

  /** Draws the line's pieces left to right, the line placed by its alignment. */
  private drawLine(line: VisualLine, x: number, width: number, y: number, style: TextStyle): void {
    this.font(style);
    const end = this.direction === 'rtl' ? 'left' : 'right';
    const side = style.align === 'center' ? 'center' : style.align === 'end' ? end : this.direction === 'rtl' ? 'right' : 'left';
    let cursor = side === 'left' ? x : side === 'right' ? x + width - line.width : x + (width - line.width) / 2;
    for (const piece of line.pieces) {
      this.doc.text(piece.text, cursor, y, { lineBreak: false });
      cursor += piece.width;
    }
  }

  private font(style: TextStyle): void {
    this.doc.font(style.weight).fontSize(style.size);
  }

  private bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private ensure(height: number): void {
    if (this.y + height > this.bottom()) this.newPage();
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = this.doc.page.margins.top;
  }
}

/**
 * A ligature glyph (lam-alef, the Allah ligature) stands for several letters; pdfkit's
 * ToUnicode map lists them in logical order. Text extractors (poppler's pdftotext, pdf.js)
 * read a right-to-left line in visual order and reverse it, which turns such a glyph's "لا"
 * into "ال" ("الأول" would come back as "األول"). Arabic glyphs are only ever drawn right to
 * left, so their multi-letter entries are stored in visual order and reversed back by the
 * extractor. Latin ligatures (fi) are left alone. Runs before doc.end() writes the map.
 */
function extractableLigatures(doc: Doc): void {
  // One font is listed under its alias and its own name: a Set, or it would be reversed twice.
  const fonts = new Set(Object.values((doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })._fontFamilies));
  for (const font of fonts) {
    const unicode = font.unicode;
    if (!unicode) continue;
    unicode.forEach((codePoints, gid) => {
      if (codePoints && codePoints.length > 1 && codePoints.every((c) => ARABIC_CODE(c))) unicode[gid] = [...codePoints].reverse();
    });
  }
}

const ARABIC_CODE = (c: number) => (c >= 0x0600 && c <= 0x06ff) || (c >= 0x0750 && c <= 0x077f) || (c >= 0x08a0 && c <= 0x08ff) || (c >= 0xfb50 && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfeff);

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  return String(value);
}
