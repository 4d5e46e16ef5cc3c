/** What the workflow module says, in English and Arabic (merged into server/http/messages.ts). */
import type { LocalText } from '../../generator/manifest-types.ts';

export const WORKFLOW_MESSAGES = {
  workflow_step_unknown: {
    en: 'This step cannot be taken from the current status',
    ar: 'لا يمكن اتخاذ هذه الخطوة من الحالة الحالية',
  },
  workflow_step_forbidden: { en: 'You may not take this step', ar: 'غير مسموح لك باتخاذ هذه الخطوة' },
  workflow_not_editable: {
    en: 'This request can no longer be changed',
    ar: 'لم يعد من الممكن تعديل هذا الطلب',
  },
  workflow_not_cancellable: {
    en: 'This request can no longer be cancelled',
    ar: 'لم يعد من الممكن إلغاء هذا الطلب',
  },
  workflow_status_by_step: {
    en: 'The status changes only through the request’s steps',
    ar: 'لا تتغير الحالة إلا من خلال خطوات الطلب',
  },
  workflow_field_required: { en: 'Required', ar: 'مطلوب' },
} satisfies Record<string, LocalText>;
