/**
 * What the tickets domain says, in English and Arabic (merged into server/http/messages.ts).
 * The missing-type message is the manifest's rule `ticket_type_required` (portal-core section 5).
 */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const TICKET_MESSAGES = {
  ticket_not_found: { en: 'The ticket was not found', ar: 'لم يتم العثور على التذكرة' },
  ticket_type_invalid: { en: 'Ticket type is required', ar: 'نوع التذكرة مطلوب' },
  ticket_subject_required: { en: 'Subject is required', ar: 'الموضوع مطلوب' },
  ticket_subject_long: { en: 'Write at most 200 characters', ar: 'اكتب 200 حرف على الأكثر' },
  ticket_description_required: { en: 'Description is required', ar: 'الوصف مطلوب' },
  ticket_text_long: { en: 'Write at most 5000 characters', ar: 'اكتب 5000 حرف على الأكثر' },
  ticket_message_required: { en: 'Write your reply', ar: 'اكتب ردك' },
  ticket_attachment_invalid: {
    en: 'The attachment could not be read: choose the file again',
    ar: 'تعذرت قراءة المرفق: اختر الملف مرة أخرى',
  },
  ticket_attachment_too_large: {
    en: 'The attachment must be at most {limit} MB',
    ar: 'يجب ألا يزيد حجم المرفق على {limit} ميجابايت',
  },
  ticket_attachment_type: {
    en: 'Attach a file of one of these types: {types}',
    ar: 'أرفق ملفًا من هذه الأنواع: {types}',
  },
  ticket_attachment_content: {
    en: "The file's content does not match its type",
    ar: 'محتوى الملف لا يطابق نوعه',
  },
  ticket_attachment_not_found: { en: 'The attachment was not found', ar: 'لم يتم العثور على المرفق' },
  ticket_finished: {
    en: 'This ticket is resolved or closed: reopen it to write again',
    ar: 'هذه التذكرة محلولة أو مغلقة: أعد فتحها لتكتب مجددًا',
  },
  ticket_action_unknown: { en: 'Choose what to do with the ticket', ar: 'اختر الإجراء المطلوب على التذكرة' },
  ticket_action_refused: {
    en: "This step is not possible from the ticket's current status",
    ar: 'هذه الخطوة غير ممكنة من حالة التذكرة الحالية',
  },
  ticket_action_permission: { en: 'You may not take this step', ar: 'لا تملك صلاحية هذه الخطوة' },
  ticket_reply_forbidden: {
    en: "Only the ticket's owner and the support team can reply",
    ar: 'لا يرد على التذكرة إلا صاحبها وفريق الدعم',
  },
  ticket_side_staff: { en: 'Support team', ar: 'فريق الدعم' },
  ticket_side_owner: { en: 'Requester', ar: 'صاحب التذكرة' },
} as const satisfies Record<string, LocalText>;
