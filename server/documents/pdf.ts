/**
 * A small PDF renderer for the portal's printable documents (registration slips, payment
 * instructions, certificates): a title, paragraphs, key/value rows, tables, rules, images,
 * side-by-side columns and signature rows, in Arabic (right to left) or English, returned as
 * a Buffer. Pages may carry a frame and a footer (page numbers).
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
  | { type: 'paragraph'; text: string; bold?: boolean; size?: number; align?: Align; /** e.g. '#1f3a5f' (black) */ color?: string }
  | { type: 'keyValue'; rows: Array<{ label: string; value: CellValue }>; /** label share of the width, 0..1 (0.35) */ labelWidth?: number }
  | {
    type: 'table';
    /** width: a relative weight (1 when absent), scaled to the page width. */
    columns: Array<{ header: string; width?: number; align?: Align }>;
    rows: CellValue[][];
    /** Shown in place of the rows when there are none. */
    empty?: string;
    /** A bold line across the table under its rows (a term's GPA), never separated from the last row. */
    summary?: string;
  }
  | { type: 'spacer'; height?: number }
  /** A horizontal line; `width` is a share of the text width (1), centred. */
  | { type: 'rule'; thickness?: number; color?: string; double?: boolean; width?: number }
  /**
   * A PNG (a QR code, a logo) `width` points wide, its height from the PNG's own ratio. With
   * `beside`, the image sits on the start side and these lines beside it, vertically centred.
   */
  | { type: 'image'; png: Buffer; width: number; align?: Align; beside?: Array<{ text: string; bold?: boolean; size?: number; color?: string }> }
  /** Side-by-side texts, the first on the start side (a reference | a date); `width` a relative weight (1). */
  | { type: 'columns'; cells: Array<{ text: string; align?: Align; bold?: boolean; width?: number }>; size?: number; color?: string }
  /** A row of signature blocks in equal columns: room to sign, a line, the title, name and note. */
  | { type: 'signatures'; items: Array<{ title: string; name?: string | null; note?: string | null }>; /** room to sign (36) */ space?: number }
  /**
   * Blocks moved to the next page together when they do not fit on this one (and fit on a page).
   * `atBottom`: placed at the foot of the page (a certificate's signatures and seal).
   */
  | { type: 'keepTogether'; blocks: PdfBlock[]; atBottom?: boolean };

export interface PdfDocumentSpec {
  direction: Direction;
  /** BCP 47 tag written into the PDF (/Lang), e.g. 'ar' or 'en'. */
  language: string;
  title?: string;
  subtitle?: string;
  blocks: PdfBlock[];
  /** Document properties (author, subject); the title is `info.title`, else the spec's title. */
  info?: { title?: string; author?: string; subject?: string };
  /** Page margin in points (48). */
  margin?: number;
  /** A double border around every page, in `color` (dark grey). */
  frame?: boolean | { color?: string };
  /** A small centred line at the bottom of every page, e.g. `(n, of) => `Page ${n} of ${of}``. */
  footer?: (page: number, pages: number) => string;
}

const MARGIN = 48;
const BODY_SIZE = 10.5;
const LINE_FACTOR = 1.55; // Vazirmatn's Arabic marks need more than pdfkit's default leading.
const CELL_PAD = 4;
const BORDER = '#9e9e9e';
const HEADER_FILL = '#eeeeee';
const MUTED = '#555555';
const FRAME_INSET = 22; // outer frame line, from the page's edge; the inner one 4 pt inside it
const FOOTER_SIZE = 8;

type Doc = PDFKit.PDFDocument;

export async function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  const margin = spec.margin ?? MARGIN;
  const title = spec.info?.title ?? spec.title;
  const doc = new PDFDocument({
    size: 'A4',
    // The footer sits in the bottom margin: it gets a line of its own.
    margins: { top: margin, left: margin, right: margin, bottom: margin + (spec.footer ? FOOTER_SIZE * 2 : 0) },
    lang: spec.language,
    displayTitle: !!title,
    bufferPages: !!(spec.frame || spec.footer),
    info: { Title: title ?? '', Author: spec.info?.author ?? '', Subject: spec.info?.subject ?? '', Creator: 'Rowaq' },
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
  if (spec.frame || spec.footer) decoratePages(doc, writer, spec);
  extractableLigatures(doc);
  doc.end();
  return done;
}

/**
 * The frame and the footer of every page, drawn once all pages exist (the footer needs their
 * count). Drawing in the bottom margin never adds a page: text is drawn with lineBreak off.
 */
function decoratePages(doc: Doc, writer: Writer, spec: PdfDocumentSpec): void {
  const { start, count } = doc.bufferedPageRange();
  const color = typeof spec.frame === 'object' && spec.frame.color ? spec.frame.color : '#444444';
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { width, height } = doc.page;
    if (spec.frame) {
      doc.rect(FRAME_INSET, FRAME_INSET, width - 2 * FRAME_INSET, height - 2 * FRAME_INSET).lineWidth(1.6).strokeColor(color).stroke();
      doc.rect(FRAME_INSET + 4, FRAME_INSET + 4, width - 2 * (FRAME_INSET + 4), height - 2 * (FRAME_INSET + 4)).lineWidth(0.5).strokeColor(color).stroke();
    }
    if (spec.footer) writer.footerLine(spec.footer(i - start + 1, count), height - doc.page.margins.bottom + FOOTER_SIZE);
  }
}

interface TextStyle { weight: FontWeight; size: number; align: Align; color?: string }

/**
 * Keeps the cursor (y) and draws blocks; x positions are computed, never pdfkit's. A measuring
 * writer (keepTogether) runs the same code on an endless page and draws nothing.
 */
class Writer {
  private y: number;
  private readonly widths = new Map<string, number>();
  private readonly left: number;
  private readonly width: number;

  constructor(private readonly doc: Doc, private readonly direction: Direction, private readonly measuring = false) {
    this.y = doc.page.margins.top;
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  block(block: PdfBlock): void {
    switch (block.type) {
      case 'heading': this.space(6); this.keepWithNext(12.5); this.paragraph(block.text, { weight: 'bold', size: 12.5, align: 'start' }); this.space(2); return;
      case 'paragraph': this.paragraph(block.text, { weight: block.bold ? 'bold' : 'regular', size: block.size ?? BODY_SIZE, align: block.align ?? 'start', color: block.color }); this.space(4); return;
      case 'keyValue': this.keyValue(block.rows, block.labelWidth ?? 0.35); this.space(6); return;
      case 'table': this.table(block); this.space(8); return;
      case 'spacer': this.space(block.height ?? 10); return;
      case 'rule': this.rule(block); return;
      case 'image': this.image(block); this.space(6); return;
      case 'columns': this.columns(block); this.space(4); return;
      case 'signatures': this.signatures(block); this.space(8); return;
      case 'keepTogether': this.keepTogether(block.blocks, !!block.atBottom); return;
    }
  }

  /** The footer's text, centred on a line at `y` (page decoration, after the content). */
  footerLine(text: string, y: number): void {
    const style: TextStyle = { weight: 'regular', size: FOOTER_SIZE, align: 'center', color: MUTED };
    for (const line of this.lines(text, this.width, style).slice(0, 1)) this.drawLine(line, this.left, this.width, y, style);
  }

  /** A heading is not left alone at the bottom of a page: it needs room for a few lines under it. */
  private keepWithNext(size: number): void {
    this.ensure(size * LINE_FACTOR + 3 * BODY_SIZE * LINE_FACTOR);
  }

  private keepTogether(blocks: PdfBlock[], atBottom: boolean): void {
    const probe = new Writer(this.doc, this.direction, true);
    for (const b of blocks) probe.block(b);
    const height = probe.y - this.doc.page.margins.top;
    const fits = height <= this.bottom() - this.doc.page.margins.top;
    if (fits) this.ensure(height);
    if (fits && atBottom && !this.measuring) this.y = Math.max(this.y, this.bottom() - height);
    for (const b of blocks) this.block(b);
  }

  private rule(block: Extract<PdfBlock, { type: 'rule' }>): void {
    const thickness = block.thickness ?? 0.8;
    const gap = block.double ? thickness + 1.8 : 0;
    this.ensure(8 + gap);
    const width = this.width * Math.min(1, Math.max(0, block.width ?? 1));
    const x = this.left + (this.width - width) / 2;
    this.y += 4;
    if (!this.measuring) {
      for (const dy of block.double ? [0, gap] : [0]) {
        this.doc.moveTo(x, this.y + dy).lineTo(x + width, this.y + dy).lineWidth(thickness).strokeColor(block.color ?? BORDER).stroke();
      }
    }
    this.y += 4 + gap;
  }

  private image(block: Extract<PdfBlock, { type: 'image' }>): void {
    const size = pngSize(block.png);
    const imageHeight = block.width * (size.height / size.width);
    const gap = 14;
    const textWidth = this.width - block.width - gap;
    const beside = (block.beside ?? []).map((b) => {
      const style: TextStyle = { weight: b.bold ? 'bold' : 'regular', size: b.size ?? BODY_SIZE - 1, align: 'start', color: b.color };
      return { style, lines: this.lines(b.text, textWidth, style) };
    });
    const textHeight = beside.reduce((sum, b) => sum + b.lines.length * b.style.size * LINE_FACTOR, 0);
    const height = Math.max(imageHeight, textHeight);
    this.ensure(height);
    const [start, end] = this.direction === 'rtl' ? ['right', 'left'] : ['left', 'right'];
    const side = beside.length ? start : block.align === 'center' ? 'center' : block.align === 'end' ? end : start;
    const x = side === 'left' ? this.left : side === 'right' ? this.left + this.width - block.width : this.left + (this.width - block.width) / 2;
    if (!this.measuring) this.doc.image(block.png, x, this.y + (height - imageHeight) / 2, { width: block.width, height: imageHeight });
    if (beside.length) {
      const textX = this.direction === 'rtl' ? this.left : this.left + block.width + gap;
      let y = this.y + (height - textHeight) / 2;
      for (const b of beside) {
        for (const line of b.lines) { this.drawLine(line, textX, textWidth, y, b.style); y += b.style.size * LINE_FACTOR; }
      }
    }
    this.y += height;
  }

  private columns(block: Extract<PdfBlock, { type: 'columns' }>): void {
    if (!block.cells.length) return;
    const weights = block.cells.map((c) => (c.width && c.width > 0 ? c.width : 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / total) * this.width);
    const styles = block.cells.map((c): TextStyle => ({ weight: c.bold ? 'bold' : 'regular', size: block.size ?? BODY_SIZE, align: c.align ?? 'start', color: block.color }));
    const cells = block.cells.map((c, i) => this.lines(c.text, widths[i]! - 2 * CELL_PAD, styles[i]!));
    const height = Math.max(...cells.map((lines, i) => lines.length * styles[i]!.size * LINE_FACTOR));
    this.ensure(height);
    const xs = this.columnXs(widths);
    cells.forEach((lines, i) => this.drawCell(lines, xs[i]! + CELL_PAD, widths[i]! - 2 * CELL_PAD, styles[i]!));
    this.y += height;
  }

  private signatures(block: Extract<PdfBlock, { type: 'signatures' }>): void {
    if (!block.items.length) return;
    const width = this.width / block.items.length;
    const room = block.space ?? 36;
    const parts = block.items.map((item) => [
      { text: item.title, style: { weight: 'bold', size: BODY_SIZE, align: 'center' } as TextStyle },
      ...(item.name ? [{ text: item.name, style: { weight: 'regular', size: BODY_SIZE, align: 'center' } as TextStyle }] : []),
      ...(item.note ? [{ text: item.note, style: { weight: 'regular', size: BODY_SIZE - 2, align: 'center', color: MUTED } as TextStyle }] : []),
    ].map((p) => ({ ...p, lines: this.lines(p.text, width - 4 * CELL_PAD, p.style) })));
    const textHeight = (ps: typeof parts[number]) => ps.reduce((sum, p) => sum + p.lines.length * p.style.size * LINE_FACTOR, 0);
    const height = room + 6 + Math.max(...parts.map(textHeight));
    this.ensure(height);
    const xs = this.columnXs(block.items.map(() => width));
    parts.forEach((ps, i) => {
      const lineWidth = width * 0.7;
      const lineX = xs[i]! + (width - lineWidth) / 2;
      if (!this.measuring) this.doc.moveTo(lineX, this.y + room).lineTo(lineX + lineWidth, this.y + room).lineWidth(0.6).strokeColor('#333333').stroke();
      let y = this.y + room + 6;
      for (const p of ps) {
        for (const line of p.lines) { this.drawLine(line, xs[i]! + 2 * CELL_PAD, width - 4 * CELL_PAD, y, p.style); y += p.style.size * LINE_FACTOR; }
      }
    });
    this.y += height;
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
        if (!this.measuring) {
          if (fill) this.doc.rect(xs[i]!, this.y, widths[i]!, row.height).fillColor(fill).fill();
          this.doc.rect(xs[i]!, this.y, widths[i]!, row.height).lineWidth(0.5).strokeColor(BORDER).stroke();
          this.doc.fillColor('black');
        }
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
    // The summary spans the table's width, as one cell.
    const summaryStyle = (): TextStyle => ({ weight: 'bold', size: BODY_SIZE - 1, align: 'start' });
    const summary = block.summary ? (() => {
      const lines = this.lines(block.summary, this.width - 2 * CELL_PAD, summaryStyle());
      return { cells: [lines], height: lines.length * (BODY_SIZE - 1) * LINE_FACTOR + 2 * CELL_PAD };
    })() : null;
    block.rows.forEach((cells, index) => {
      const row = index === 0 && first ? first : measureRow(rowTexts(cells), bodyStyle);
      const last = index === block.rows.length - 1;
      if (this.y + row.height + (last && summary ? summary.height : 0) > this.bottom()) {
        this.newPage();
        drawRow(header, headerStyle, HEADER_FILL);
      }
      drawRow(row, bodyStyle);
    });
    if (summary) {
      this.ensure(summary.height);
      if (!this.measuring) this.doc.rect(this.left, this.y, this.width, summary.height).lineWidth(0.5).strokeColor(BORDER).stroke();
      this.y += CELL_PAD;
      this.drawCell(summary.cells[0]!, this.left + CELL_PAD, this.width - 2 * CELL_PAD, summaryStyle());
      this.y += summary.height - CELL_PAD;
    }
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
    if (this.measuring) return;
    this.font(style);
    this.doc.fillColor(style.color ?? 'black');
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
    return this.measuring ? Infinity : this.doc.page.height - this.doc.page.margins.bottom;
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

/** A PNG's pixel size, from its IHDR chunk (bytes 16..23). */
function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) throw new Error('image block: not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  return String(value);
}
