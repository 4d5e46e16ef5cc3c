/** What the uploads store says (server/files), in English and Arabic. */
export const FILE_MESSAGES = {
  upload_not_multipart: {
    en: 'Send the file as multipart/form-data',
    ar: 'أرسل الملف بصيغة multipart/form-data',
  },
  upload_missing: { en: 'Choose a file to upload', ar: 'اختر ملفًا لرفعه' },
  upload_too_large: { en: 'The file is larger than the limit of {limit}', ar: 'حجم الملف أكبر من الحد الأقصى {limit}' },
  upload_type: { en: 'Only {types} files are accepted', ar: 'يُقبل فقط الملفات من نوع {types}' },
  upload_content: {
    en: 'The file content does not match its type or name',
    ar: 'محتوى الملف لا يطابق نوعه أو اسمه',
  },
  upload_polyglot: {
    en: 'The file carries another file inside it (such as an appended archive): upload the document alone',
    ar: 'يحمل الملف ملفًا آخر بداخله (مثل أرشيف مُلحق به): ارفع المستند وحده',
  },
  upload_field_unknown: {
    en: 'This record has no file field "{field}"',
    ar: 'لا يحتوي هذا السجل على حقل ملفات "{field}"',
  },
  upload_not_found: { en: 'The file was not found', ar: 'لم يتم العثور على الملف' },
  upload_not_yours: {
    en: 'A file here was not uploaded by you for this field',
    ar: 'أحد الملفات هنا لم ترفعه أنت لهذا الحقل',
  },
  upload_too_many: { en: 'At most {max} files', ar: 'الحد الأقصى {max} ملفات' },
} as const;
