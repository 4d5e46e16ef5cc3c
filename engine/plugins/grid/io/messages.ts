/**
 * Texts of the grid's import and export beyond the spec's grid messages (those are in
 * ../model/messages.ts and used word for word), in English and Arabic.
 */
import type { LocalizedText } from '../../../core/text.ts';

export const IO_MESSAGES = {
  unsupportedFile: {
    en: 'Only .xlsx, .xls, .xlsm and .csv files can be imported',
    ar: 'يمكن استيراد ملفات ‎.xlsx و‎.xls و‎.xlsm و‎.csv فقط',
  },
  duplicateKey: { en: 'Duplicate value {value}', ar: 'قيمة مكررة {value}' },
  /** Appended to a column's reason when many rows share it (the row messages are folded). */
  inRows: { en: '{reason} ({count} rows)', ar: '{reason} ({count} صفًا)' },
} as const satisfies Record<string, LocalizedText>;
