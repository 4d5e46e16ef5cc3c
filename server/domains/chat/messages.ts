/** What the chat domain says, in English and Arabic (merged into server/http/messages.ts). */
export const CHAT_MESSAGES = {
  chat_not_found: { en: 'The conversation was not found', ar: 'لم يتم العثور على المحادثة' },
  chat_signed_in_only: { en: 'Sign in with your own account to chat', ar: 'سجّل الدخول بحسابك لتستخدم المحادثات' },
  chat_people_required: { en: 'Choose who to talk to', ar: 'اختر من تريد محادثته' },
  chat_people_too_many: {
    en: 'A group may have at most {limit} people',
    ar: 'لا يزيد عدد أفراد المجموعة على {limit}',
  },
  chat_not_reachable: {
    en: 'You cannot start a conversation with this person',
    ar: 'لا يمكنك بدء محادثة مع هذا الشخص',
  },
  chat_title_long: { en: 'Write at most 120 characters', ar: 'اكتب 120 حرفًا على الأكثر' },
  chat_message_required: { en: 'Write a message', ar: 'اكتب رسالة' },
  chat_message_long: { en: 'Write at most 4000 characters', ar: 'اكتب 4000 حرف على الأكثر' },
  chat_closed: {
    en: 'This conversation was closed by the university: no new messages',
    ar: 'أغلقت الجامعة هذه المحادثة: لا يمكن إرسال رسائل جديدة',
  },
  chat_not_member: {
    en: 'Only the people in this conversation may write in it',
    ar: 'لا يكتب في هذه المحادثة إلا أطرافها',
  },
  chat_moderation_refused: {
    en: 'Only staff may close or reopen a conversation',
    ar: 'لا يغلق المحادثة أو يعيد فتحها إلا الموظفون',
  },
  chat_bad_cursor: { en: 'The page of messages asked for is not valid', ar: 'صفحة الرسائل المطلوبة غير صالحة' },
};
