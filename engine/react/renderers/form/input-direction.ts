/**
 * The writing direction of a text input, so that a Latin or numeric value keeps its own order
 * in an Arabic page ("+201165028619", not "201165028619+"): phone, e-mail, address, number and
 * any field whose keystroke filter admits no Arabic letter are left to right; free text follows
 * what is typed (`auto`: the first strong letter decides). Either way the text stays aligned with
 * the page's start, under its label.
 */
import type { CSSProperties } from 'react';
import { isRtl } from '../../i18n/direction.ts';

export type InputDirection = 'ltr' | 'auto';

const LTR_TYPES: ReadonlySet<string> = new Set(['tel', 'email', 'url', 'number']);
const LTR_FORMATS: ReadonlySet<string> = new Set(['email', 'uri', 'url', 'idn-email']);
/** Arabic letters a filter would admit if it allowed Arabic at all. */
const ARABIC_SAMPLES = ['ا', 'ب', 'ي'];

function admitsArabic(allow: string): boolean {
  try {
    const re = new RegExp(allow, 'u');
    return ARABIC_SAMPLES.some((c) => re.test(c));
  } catch {
    return true;
  }
}

export interface InputKind {
  /** The input's `type` (text, tel, email, url, number, password...). */
  type?: string;
  /** The JSON Schema `type` of the value. */
  schemaType?: unknown;
  /** The JSON Schema `format` of the value. */
  format?: unknown;
  /** The keystroke filter's character class (engine/core/keystroke.ts). */
  allow?: string;
}

export function inputDirection({ type, schemaType, format, allow }: InputKind): InputDirection {
  if (type && LTR_TYPES.has(type)) return 'ltr';
  if (schemaType === 'integer' || schemaType === 'number') return 'ltr';
  if (typeof format === 'string' && LTR_FORMATS.has(format)) return 'ltr';
  if (allow && !admitsArabic(allow)) return 'ltr';
  return 'auto';
}

/** The `dir` and alignment of the native input: text aligned to the page's start side. */
export function inputDirectionProps(kind: InputKind, language: string): { dir: InputDirection; style: CSSProperties } {
  // An inline style: the right-to-left Emotion cache would flip `left` to `right` in a class.
  return { dir: inputDirection(kind), style: { textAlign: isRtl(language) ? 'right' : 'left' } };
}
