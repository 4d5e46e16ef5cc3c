/** What the exports domain says, in English and Arabic (merged into server/http/messages.ts). */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const EXPORTS_MESSAGES = {
  export_too_large: {
    en: 'The export has more than {limit} rows: narrow the filters and try again',
    ar: 'يتجاوز التصدير {limit} صف: ضيّق عوامل التصفية وحاول مرة أخرى',
  },
  export_language: { en: 'The language must be ar or en', ar: 'يجب أن تكون اللغة ar أو en' },
} as const satisfies Record<string, LocalText>;
