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
import { fontData } from './fonts.ts';
import type { PdfDocumentSpec } from './pdf-types.ts';
import { FOOTER_SIZE, MARGIN, Writer } from './pdf-writer.ts';

export type { Direction } from './bidi-text.ts';
export { ltr, type Align, type CellValue, type PdfBlock, type PdfDocumentSpec } from './pdf-types.ts';

/** The outer frame line, from the page's edge; the inner one 4 pt inside it. */
const FRAME_INSET = 22;

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
      doc
        .rect(FRAME_INSET, FRAME_INSET, width - 2 * FRAME_INSET, height - 2 * FRAME_INSET)
        .lineWidth(1.6)
        .strokeColor(color)
        .stroke();
      doc
        .rect(FRAME_INSET + 4, FRAME_INSET + 4, width - 2 * (FRAME_INSET + 4), height - 2 * (FRAME_INSET + 4))
        .lineWidth(0.5)
        .strokeColor(color)
        .stroke();
    }
    if (spec.footer)
      writer.footerLine(spec.footer(i - start + 1, count), height - doc.page.margins.bottom + FOOTER_SIZE);
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
  const fonts = new Set(
    Object.values((doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })._fontFamilies),
  );
  for (const font of fonts) {
    const unicode = font.unicode;
    if (!unicode) continue;
    unicode.forEach((codePoints, gid) => {
      if (codePoints && codePoints.length > 1 && codePoints.every((c) => ARABIC_CODE(c)))
        unicode[gid] = [...codePoints].reverse();
    });
  }
}

const ARABIC_CODE = (c: number) =>
  (c >= 0x0600 && c <= 0x06ff) ||
  (c >= 0x0750 && c <= 0x077f) ||
  (c >= 0x08a0 && c <= 0x08ff) ||
  (c >= 0xfb50 && c <= 0xfdff) ||
  (c >= 0xfe70 && c <= 0xfeff);
