/**
 * The PDF writer behind renderPdf (pdf.ts): a cursor down the page and one method per block
 * kind (paragraphs, key/value rows, tables, rules, images, columns, signatures, keepTogether),
 * every line laid out by bidi-text.ts and placed at computed x positions (never pdfkit's own
 * wrapping, which would reverse Arabic word order).
 */
import type {} from 'pdfkit'; // the PDFKit namespace (Doc) comes with pdfkit's types
import { layoutParagraph, type Direction, type VisualLine } from './bidi-text.ts';
import type { FontWeight } from './fonts.ts';
import type { Align, CellValue, PdfBlock } from './pdf-types.ts';

/** The page margin in points when a document names none. */
export const MARGIN = 48;
const BODY_SIZE = 10.5;
const LINE_FACTOR = 1.55; // Vazirmatn's Arabic marks need more than pdfkit's default leading.
const CELL_PAD = 4;
const BORDER = '#9e9e9e';
const HEADER_FILL = '#eeeeee';
const MUTED = '#555555';
/** The footer's font size; the bottom margin keeps two of it for the footer's line. */
export const FOOTER_SIZE = 8;

type Doc = PDFKit.PDFDocument;

interface TextStyle {
  weight: FontWeight;
  size: number;
  align: Align;
  color?: string;
}

/**
 * Keeps the cursor (y) and draws blocks; x positions are computed, never pdfkit's. A measuring
 * writer (keepTogether) runs the same code on an endless page and draws nothing.
 */
export class Writer {
  private y: number;
  private readonly widths = new Map<string, number>();
  private readonly left: number;
  private readonly width: number;

  constructor(
    private readonly doc: Doc,
    private readonly direction: Direction,
    private readonly measuring = false,
  ) {
    this.y = doc.page.margins.top;
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  block(block: PdfBlock): void {
    switch (block.type) {
      case 'heading':
        this.space(6);
        this.keepWithNext(12.5);
        this.paragraph(block.text, { weight: 'bold', size: 12.5, align: 'start' });
        this.space(2);
        return;
      case 'paragraph':
        this.paragraph(block.text, {
          weight: block.bold ? 'bold' : 'regular',
          size: block.size ?? BODY_SIZE,
          align: block.align ?? 'start',
          color: block.color,
        });
        this.space(4);
        return;
      case 'keyValue':
        this.keyValue(block.rows, block.labelWidth ?? 0.35);
        this.space(6);
        return;
      case 'table':
        this.table(block);
        this.space(8);
        return;
      case 'spacer':
        this.space(block.height ?? 10);
        return;
      case 'rule':
        this.rule(block);
        return;
      case 'image':
        this.image(block);
        this.space(6);
        return;
      case 'columns':
        this.columns(block);
        this.space(4);
        return;
      case 'signatures':
        this.signatures(block);
        this.space(8);
        return;
      case 'keepTogether':
        this.keepTogether(block.blocks, !!block.atBottom);
        return;
    }
  }

  /** The footer's text, centred on a line at `y` (page decoration, after the content). */
  footerLine(text: string, y: number): void {
    const style: TextStyle = { weight: 'regular', size: FOOTER_SIZE, align: 'center', color: MUTED };
    for (const line of this.lines(text, this.width, style).slice(0, 1))
      this.drawLine(line, this.left, this.width, y, style);
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
        this.doc
          .moveTo(x, this.y + dy)
          .lineTo(x + width, this.y + dy)
          .lineWidth(thickness)
          .strokeColor(block.color ?? BORDER)
          .stroke();
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
      const style: TextStyle = {
        weight: b.bold ? 'bold' : 'regular',
        size: b.size ?? BODY_SIZE - 1,
        align: 'start',
        color: b.color,
      };
      return { style, lines: this.lines(b.text, textWidth, style) };
    });
    const textHeight = beside.reduce((sum, b) => sum + b.lines.length * b.style.size * LINE_FACTOR, 0);
    const height = Math.max(imageHeight, textHeight);
    this.ensure(height);
    const [start, end] = this.direction === 'rtl' ? ['right', 'left'] : ['left', 'right'];
    const side = beside.length ? start : block.align === 'center' ? 'center' : block.align === 'end' ? end : start;
    const x =
      side === 'left'
        ? this.left
        : side === 'right'
          ? this.left + this.width - block.width
          : this.left + (this.width - block.width) / 2;
    if (!this.measuring)
      this.doc.image(block.png, x, this.y + (height - imageHeight) / 2, { width: block.width, height: imageHeight });
    if (beside.length) {
      const textX = this.direction === 'rtl' ? this.left : this.left + block.width + gap;
      let y = this.y + (height - textHeight) / 2;
      for (const b of beside) {
        for (const line of b.lines) {
          this.drawLine(line, textX, textWidth, y, b.style);
          y += b.style.size * LINE_FACTOR;
        }
      }
    }
    this.y += height;
  }

  private columns(block: Extract<PdfBlock, { type: 'columns' }>): void {
    if (!block.cells.length) return;
    const weights = block.cells.map((c) => (c.width && c.width > 0 ? c.width : 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / total) * this.width);
    const styles = block.cells.map((c): TextStyle => ({
      weight: c.bold ? 'bold' : 'regular',
      size: block.size ?? BODY_SIZE,
      align: c.align ?? 'start',
      color: block.color,
    }));
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
    const parts = block.items.map((item) =>
      [
        { text: item.title, style: { weight: 'bold', size: BODY_SIZE, align: 'center' } as TextStyle },
        ...(item.name
          ? [{ text: item.name, style: { weight: 'regular', size: BODY_SIZE, align: 'center' } as TextStyle }]
          : []),
        ...(item.note
          ? [
              {
                text: item.note,
                style: { weight: 'regular', size: BODY_SIZE - 2, align: 'center', color: MUTED } as TextStyle,
              },
            ]
          : []),
      ].map((p) => ({ ...p, lines: this.lines(p.text, width - 4 * CELL_PAD, p.style) })),
    );
    const textHeight = (ps: (typeof parts)[number]) =>
      ps.reduce((sum, p) => sum + p.lines.length * p.style.size * LINE_FACTOR, 0);
    const height = room + 6 + Math.max(...parts.map(textHeight));
    this.ensure(height);
    const xs = this.columnXs(block.items.map(() => width));
    parts.forEach((ps, i) => {
      const lineWidth = width * 0.7;
      const lineX = xs[i]! + (width - lineWidth) / 2;
      if (!this.measuring)
        this.doc
          .moveTo(lineX, this.y + room)
          .lineTo(lineX + lineWidth, this.y + room)
          .lineWidth(0.6)
          .strokeColor('#333333')
          .stroke();
      let y = this.y + room + 6;
      for (const p of ps) {
        for (const line of p.lines) {
          this.drawLine(line, xs[i]! + 2 * CELL_PAD, width - 4 * CELL_PAD, y, p.style);
          y += p.style.size * LINE_FACTOR;
        }
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
    const columns = [
      { width: labelWidth, weight: 'bold' as const },
      { width: this.width - labelWidth, weight: 'regular' as const },
    ];
    for (const row of rows) {
      const cells = [row.label, cellText(row.value)].map((text, i) =>
        this.lines(text, columns[i]!.width - 2 * CELL_PAD, {
          weight: columns[i]!.weight,
          size: BODY_SIZE,
          align: 'start',
        }),
      );
      const height = Math.max(...cells.map((c) => c.length)) * BODY_SIZE * LINE_FACTOR + 2;
      this.ensure(height);
      const xs = this.columnXs(columns.map((c) => c.width));
      cells.forEach((lines, i) =>
        this.drawCell(lines, xs[i]!, columns[i]!.width, {
          weight: columns[i]!.weight,
          size: BODY_SIZE,
          align: 'start',
        }),
      );
      this.y += height;
    }
  }

  private table(block: Extract<PdfBlock, { type: 'table' }>): void {
    const weights = block.columns.map((c) => (c.width && c.width > 0 ? c.width : 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / total) * this.width);
    const xs = this.columnXs(widths);
    const bodyStyle = (i: number): TextStyle => ({
      weight: 'regular',
      size: BODY_SIZE - 1,
      align: block.columns[i]!.align ?? 'start',
    });
    const headerStyle = (i: number): TextStyle => ({ ...bodyStyle(i), weight: 'bold' });
    const measureRow = (texts: string[], style: (i: number) => TextStyle) => {
      const cells = texts.map((t, i) => this.lines(t, widths[i]! - 2 * CELL_PAD, style(i)));
      const height = Math.max(1, ...cells.map((c) => c.length)) * (BODY_SIZE - 1) * LINE_FACTOR + 2 * CELL_PAD;
      return { cells, height };
    };
    const header = measureRow(
      block.columns.map((c) => c.header),
      headerStyle,
    );
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
    const summary = block.summary
      ? (() => {
          const lines = this.lines(block.summary, this.width - 2 * CELL_PAD, summaryStyle());
          return { cells: [lines], height: lines.length * (BODY_SIZE - 1) * LINE_FACTOR + 2 * CELL_PAD };
        })()
      : null;
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
      if (!this.measuring)
        this.doc.rect(this.left, this.y, this.width, summary.height).lineWidth(0.5).strokeColor(BORDER).stroke();
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
      if (this.direction === 'rtl') {
        x -= w;
        xs.push(x);
      } else {
        xs.push(x);
        x += w;
      }
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
    const side =
      style.align === 'center' ? 'center' : style.align === 'end' ? end : this.direction === 'rtl' ? 'right' : 'left';
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

/** A PNG's pixel size, from its IHDR chunk (bytes 16..23). */
function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) throw new Error('image block: not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  return String(value);
}
