/** The grid screen's saving texts in English and Arabic (other languages fall back to English). */
import { fillText, localize, type LocalizedText } from '../../../core/text.ts';

export const SAVE_TEXTS = {
  save: { en: 'Save changes ({n})', ar: 'حفظ التغييرات ({n})' },
  saving: { en: 'Saving…', ar: 'جارٍ الحفظ…' },
  discard: { en: 'Discard changes', ar: 'تجاهل التغييرات' },
  discardAsk: { en: 'Discard the {n} unsaved changes?', ar: 'تجاهل {n} من التغييرات غير المحفوظة؟' },
  leaveAsk: {
    en: 'You have {n} unsaved changes. Leave this page and lose them?',
    ar: 'لديك {n} من التغييرات غير المحفوظة. هل تغادر هذه الصفحة وتفقدها؟',
  },
  saved: { en: 'Changes saved', ar: 'تم حفظ التغييرات' },
  fixFirst: {
    en: 'Edited cells with errors: {n}. Correct them before saving',
    ar: 'خلايا معدلة بها أخطاء: {n}. صححها قبل الحفظ',
  },
  refused: {
    en: 'Nothing was saved. Rows refused: {n} (see the marked cells)',
    ar: 'لم يُحفظ شيء. صفوف مرفوضة: {n} (انظر الخلايا المعلَّمة)',
  },
  unmatched: {
    en: 'Rows matching no row of this list, not saved: {n}',
    ar: 'صفوف لا تطابق أي صف في هذه القائمة ولن تُحفظ: {n}',
  },
  noChanges: { en: 'No changes to save', ar: 'لا توجد تغييرات للحفظ' },
} as const satisfies Record<string, LocalizedText>;

export type SaveTextKey = keyof typeof SAVE_TEXTS;

export function saveText(lang: string, key: SaveTextKey, values: Record<string, string | number> = {}): string {
  return fillText(localize(SAVE_TEXTS[key], lang), values);
}
