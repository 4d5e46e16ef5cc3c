/**
 * The grid's messages (admission-and-grid section 8, "Grid messages"), in English and Arabic.
 * The English texts are the spec's, word for word. Placeholders: {name}, {reason}, {n}.
 */
import { NUMBER_OVERFLOW } from '../../../core/number-words.ts';
import { fillText, localize, type LocalizedText } from '../../../core/text.ts';
import type { GridText } from './types.ts';

export const GRID_MESSAGES = {
  noRecordRead: { en: 'No record is read', ar: 'لم تتم قراءة أي سجل' },
  readonlyColumn: { en: 'Readonly column detected', ar: 'تم اكتشاف عمود للقراءة فقط' },
  noMatchedColumn: { en: 'No matched column name', ar: 'لا يوجد اسم عمود مطابق' },
  invalidInput: { en: 'Invalid input value', ar: 'قيمة الإدخال غير صالحة' },
  missingKeyColumn: { en: 'Missing key column', ar: 'عمود المفتاح مفقود' },
  columnError: { en: 'Column {name} has validation error: {reason}', ar: 'العمود {name} به خطأ في التحقق: {reason}' },
  rowError: {
    en: 'Row {n} has validation error for column {name}: {reason}',
    ar: 'الصف {n} به خطأ في التحقق للعمود {name}: {reason}',
  },
  noRecord: { en: 'No record', ar: 'لا توجد سجلات' },
  /** A mandatory column without its own message. */
  mandatory: { en: 'Please fill this field', ar: 'يرجى ملء هذا الحقل' },
  lengthLimit: { en: 'At most {n} characters', ar: 'بحد أقصى {n} حرفًا' },
  numberOverflow: NUMBER_OVERFLOW,
  invalidFilter: { en: 'Invalid filter', ar: 'عامل تصفية غير صالح' },
} as const satisfies Record<string, LocalizedText>;

/** Fills `{key}` placeholders of every language of a message. */
export function fillMessage(message: LocalizedText, values: Record<string, string | number>): LocalizedText {
  const out: LocalizedText = { en: '' };
  for (const [lang, text] of Object.entries(message)) {
    if (text === undefined) continue;
    out[lang] = fillText(text, values);
  }
  return out;
}

/** A GridText as LocalizedText (a plain string stands for every language). */
export function toLocalized(text: GridText): LocalizedText {
  return typeof text === 'string' ? { en: text, ar: text } : ({ ...text } as LocalizedText);
}

/** A column's header text: its label in the language, else its name. */
export function columnTitle(column: { name: string; label?: GridText }, lang: string): string {
  return gridText(column.label, lang) || column.name;
}

/** The text of a GridText in a language. */
export function gridText(text: GridText | undefined, lang: string): string {
  if (text === undefined) return '';
  return typeof text === 'string' ? text : localize(text as Readonly<Record<string, string | undefined>>, lang);
}
