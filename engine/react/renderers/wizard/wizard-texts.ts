/** Texts of the wizard's draft and loading notices, in English and Arabic. */
import type { Language } from '../../i18n/index.ts';

export const WIZARD_TEXTS = {
  draftRestored: {
    en: 'Your unsaved changes to this tab were restored. Save the tab to keep them.',
    ar: 'تمت استعادة التغييرات غير المحفوظة في هذا القسم. احفظ القسم للاحتفاظ بها.',
  },
  draftKept: {
    en: 'Not saved yet: what you typed is kept on this device. Try again when you are back online.',
    ar: 'لم يتم الحفظ بعد: ما كتبته محفوظ على هذا الجهاز. حاول مرة أخرى عند عودة الاتصال.',
  },
  draftRefused: {
    en: 'Not saved: correct what is marked and save again. What you typed is kept on this device.',
    ar: 'لم يتم الحفظ: صحّح ما هو مُعلَّم واحفظ مرة أخرى. ما كتبته محفوظ على هذا الجهاز.',
  },
  loadFailed: {
    en: 'The saved data of this tab could not be loaded.',
    ar: 'تعذر تحميل البيانات المحفوظة لهذا القسم.',
  },
  discardDraft: { en: 'Discard changes', ar: 'تجاهل التغييرات' },
  saving: { en: 'Saving…', ar: 'جارٍ الحفظ…' },
} as const;

export type WizardTextKey = keyof typeof WIZARD_TEXTS;

export function wizardText(key: WizardTextKey, language: Language | string): string {
  return language === 'ar' ? WIZARD_TEXTS[key].ar : WIZARD_TEXTS[key].en;
}
