/** The grid's own interface texts in English and Arabic (messages of the spec: model/messages.ts). */
import { fillText, type LocalizedText } from '../../../core/text.ts';

export const GRID_TEXTS = {
  search: { en: 'Search name or code', ar: 'ابحث بالاسم أو الرمز' },
  filter: { en: 'Filter', ar: 'تصفية' },
  filterHelp: {
    en: 'Operators =, <>, >, >=, <, <=; wildcards * and ?; ~ for a regular expression',
    ar: 'العوامل =، <>، >، >=، <، <=؛ الرموز * و ?؛ ~ لتعبير نمطي',
  },
  valueList: { en: 'Values of the column', ar: 'قيم العمود' },
  moreValues: { en: 'Only the first {n} values are listed', ar: 'تُعرض أول {n} قيمة فقط' },
  clearFilters: { en: 'Clear filters', ar: 'مسح عوامل التصفية' },
  undo: { en: 'Undo', ar: 'تراجع' },
  import: { en: 'Import', ar: 'استيراد' },
  exportXlsx: { en: 'Export .xlsx', ar: 'تصدير ‎.xlsx' },
  exportCsv: { en: 'Export .csv', ar: 'تصدير ‎.csv' },
  rows: { en: '{shown} of {total} rows', ar: '{shown} من {total} صف' },
  selected: {
    en: '{n} selected: an edit sets the cell in every selected row',
    ar: 'تم تحديد {n}: التعديل يضبط الخلية في كل الصفوف المحددة',
  },
  selectRow: { en: 'Select row', ar: 'تحديد الصف' },
  selectAll: { en: 'Select all shown rows', ar: 'تحديد كل الصفوف المعروضة' },
  page: { en: 'Page {page} of {pages}', ar: 'الصفحة {page} من {pages}' },
  firstPage: { en: 'First page', ar: 'الصفحة الأولى' },
  previousPage: { en: 'Previous page', ar: 'الصفحة السابقة' },
  nextPage: { en: 'Next page', ar: 'الصفحة التالية' },
  lastPage: { en: 'Last page', ar: 'الصفحة الأخيرة' },
  scrollTop: { en: 'Back to top', ar: 'العودة إلى الأعلى' },
  sortBy: { en: 'Sort by {name}', ar: 'الترتيب حسب {name}' },
  summary: { en: 'Summary', ar: 'الملخص' },
  sum: { en: 'Sum', ar: 'مجموع' },
  avg: { en: 'Avg', ar: 'متوسط' },
  max: { en: 'Max', ar: 'أعلى' },
  min: { en: 'Min', ar: 'أدنى' },
  count: { en: 'Count', ar: 'عدد' },
  importing: { en: 'Reading the file…', ar: 'جارٍ قراءة الملف…' },
  imported: { en: '{n} rows imported', ar: 'تم استيراد {n} صف' },
  loading: { en: 'Loading…', ar: 'جارٍ التحميل…' },
  openRow: { en: 'Open in a new tab', ar: 'فتح في علامة تبويب جديدة' },
} as const satisfies Record<string, LocalizedText>;

export type GridTextKey = keyof typeof GRID_TEXTS;

/** The text of a key in a language, placeholders filled. */
export function gridUi(lang: string, key: GridTextKey, values: Record<string, string | number> = {}): string {
  const entry: LocalizedText = GRID_TEXTS[key];
  const text = (lang.startsWith('ar') ? entry.ar : entry.en) ?? entry.en;
  return fillText(text, values);
}
