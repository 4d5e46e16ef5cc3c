/**
 * What a printable document is made of (server/documents/pdf.ts renders it): the blocks, the
 * page options, and `ltr` for left-to-right values inside Arabic text.
 */
import type { Direction } from './bidi-text.ts';

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
  | {
      type: 'paragraph';
      text: string;
      bold?: boolean;
      size?: number;
      align?: Align;
      /** e.g. '#1f3a5f' (black) */ color?: string;
    }
  | {
      type: 'keyValue';
      rows: Array<{ label: string; value: CellValue }>;
      /** label share of the width, 0..1 (0.35) */ labelWidth?: number;
    }
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
  | {
      type: 'image';
      png: Buffer;
      width: number;
      align?: Align;
      beside?: Array<{ text: string; bold?: boolean; size?: number; color?: string }>;
    }
  /** Side-by-side texts, the first on the start side (a reference | a date); `width` a relative weight (1). */
  | {
      type: 'columns';
      cells: Array<{ text: string; align?: Align; bold?: boolean; width?: number }>;
      size?: number;
      color?: string;
    }
  /** A row of signature blocks in equal columns: room to sign, a line, the title, name and note. */
  | {
      type: 'signatures';
      items: Array<{ title: string; name?: string | null; note?: string | null }>;
      /** room to sign (36) */ space?: number;
    }
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
