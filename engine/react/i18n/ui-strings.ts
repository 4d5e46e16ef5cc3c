/**
 * Texts the engine itself shows (not screen definitions): {en, ar} pairs, merged into the
 * i18next `ui` namespace. de, fr and pt fall back to English through i18next's fallbackLng.
 */
export interface Pair {
  en: string;
  ar: string;
}

export const uiStrings = {
  appName: { en: 'Rowaq', ar: 'رواق' },
  addRow: { en: 'Add a row', ar: 'إضافة صف' },
  pageFirst: { en: 'Go to the first page', ar: 'الانتقال إلى الصفحة الأولى' },
  pagePrevious: { en: 'Go to the previous page', ar: 'الانتقال إلى الصفحة السابقة' },
  pageNext: { en: 'Go to the next page', ar: 'الانتقال إلى الصفحة التالية' },
  pageLast: { en: 'Go to the last page', ar: 'الانتقال إلى الصفحة الأخيرة' },
  loading: { en: 'Loading…', ar: 'جارٍ التحميل…' },
  language: { en: 'Language', ar: 'اللغة' },
  layout: { en: 'Layout', ar: 'التخطيط' },
  layoutVertical: { en: 'Vertical menu', ar: 'قائمة رأسية' },
  layoutHorizontal: { en: 'Horizontal menu', ar: 'قائمة أفقية' },
  skinDark: { en: 'Dark skin', ar: 'المظهر الداكن' },
  skinLight: { en: 'Light skin', ar: 'المظهر الفاتح' },
  menu: { en: 'Menu', ar: 'القائمة' },
  logout: { en: 'Log out', ar: 'تسجيل الخروج' },
  goBack: { en: 'Go back', ar: 'رجوع' },
  backHome: { en: 'Back to home', ar: 'العودة للرئيسية' },
  search: { en: 'Search', ar: 'بحث' },
  filters: { en: 'Filters', ar: 'عوامل التصفية' },
  all: { en: 'All', ar: 'الكل' },
  clearFilters: { en: 'Clear filters', ar: 'مسح عوامل التصفية' },
  noRecords: { en: 'No records found', ar: 'لا توجد سجلات' },
  // an empty list in a detail page (a column with table:, DetailTable.tsx)
  nothingYet: { en: 'Nothing yet', ar: 'لا شيء بعد' },
  displayedRows: { en: '{{from}}–{{to}} of {{count}}', ar: '{{from}}–{{to}} من {{count}}' },
  rowsPerPage: { en: 'Rows per page', ar: 'عدد الصفوف' },
  // A part-paid amount (renderers/paid-progress.ts): the numbers stay left to right inside Arabic.
  paidOf: { en: '{{paid}} of {{total}}', ar: '\u2066{{paid}}\u2069 من \u2066{{total}}\u2069' },
  paidOfPaid: { en: '{{paid}} of {{total}} paid', ar: 'مدفوع \u2066{{paid}}\u2069 من \u2066{{total}}\u2069' },
  actions: { en: 'Actions', ar: 'الإجراءات' },
  export: { en: 'Export', ar: 'تصدير' },
  confirm: { en: 'Confirm', ar: 'تأكيد' },
  ok: { en: 'OK', ar: 'حسنًا' },
  cancel: { en: 'Cancel', ar: 'إلغاء' },
  yes: { en: 'Yes', ar: 'نعم' },
  no: { en: 'No', ar: 'لا' },
  save: { en: 'Save', ar: 'حفظ' },
  submit: { en: 'Submit', ar: 'إرسال' },
  next: { en: 'Next', ar: 'التالي' },
  previous: { en: 'Previous', ar: 'السابق' },
  finish: { en: 'Finish', ar: 'إنهاء' },
  done: { en: 'Done', ar: 'مكتمل' },
  loadFailed: { en: 'Could not load the data', ar: 'تعذر تحميل البيانات' },
  retry: { en: 'Try again', ar: 'حاول مرة أخرى' },
  unknownScreen: { en: 'This screen cannot be shown', ar: 'لا يمكن عرض هذه الشاشة' },
  unknownScreenHint: {
    en: 'No renderer is registered for the view "{{view}}" of screen "{{name}}".',
    ar: 'لا يوجد عارض مسجل للعرض "{{view}}" في الشاشة "{{name}}".',
  },
  dashboardWelcome: { en: 'Welcome, {{name}}', ar: 'مرحبًا، {{name}}' },
  about: { en: 'About', ar: 'حول النظام' },
  frontendVersion: { en: 'Version {{version}}', ar: 'الإصدار {{version}}' },
  // authentication
  loginTitle: { en: 'Welcome to Rowaq', ar: 'مرحبًا بك في رواق' },
  loginSubtitle: { en: 'Please sign in to your account', ar: 'يرجى تسجيل الدخول إلى حسابك' },
  email: { en: 'Email', ar: 'البريد الإلكتروني' },
  password: { en: 'Password', ar: 'كلمة المرور' },
  otp: { en: 'One-time code', ar: 'رمز التحقق' },
  newPassword: { en: 'New password', ar: 'كلمة المرور الجديدة' },
  confirmPassword: { en: 'Confirm password', ar: 'تأكيد كلمة المرور' },
  passwordsDiffer: { en: 'The passwords do not match', ar: 'كلمتا المرور غير متطابقتين' },
  signIn: { en: 'Sign in', ar: 'تسجيل الدخول' },
  signInMicrosoft: { en: 'Sign in with Microsoft', ar: 'تسجيل الدخول عبر مايكروسوفت' },
  or: { en: 'or', ar: 'أو' },
  forgotPassword: { en: 'Forgot password?', ar: 'نسيت كلمة المرور؟' },
  forgotTitle: { en: 'Forgot your password?', ar: 'نسيت كلمة المرور؟' },
  forgotHint: {
    en: 'Enter your email and we will send you a one-time password to reset your password.',
    ar: 'أدخل بريدك الإلكتروني وسنرسل إليك كلمة مرور لمرة واحدة لإعادة تعيين كلمة المرور.',
  },
  sendResetLink: { en: 'Send code', ar: 'إرسال الرمز' },
  backToLogin: { en: 'Back to login', ar: 'العودة لتسجيل الدخول' },
  resetTitle: { en: 'Reset password', ar: 'إعادة تعيين كلمة المرور' },
  setNewPassword: { en: 'Set new password', ar: 'تعيين كلمة المرور الجديدة' },
  tokenSigningIn: { en: 'Signing you in…', ar: 'جارٍ تسجيل دخولك…' },
  fillField: { en: 'Please fill this field', ar: 'يرجى ملء هذا الحقل' },
  // uploads
  fileTooLarge: { en: 'The file is larger than {{max}} MB', ar: 'حجم الملف أكبر من {{max}} ميجابايت' },
  fileTypeRefused: { en: 'Accepted file types: {{types}}', ar: 'أنواع الملفات المقبولة: {{types}}' },
  tooManyFiles: { en: 'At most {{max}} files', ar: 'الحد الأقصى {{max}} ملفات' },
  chooseFile: { en: 'Choose file', ar: 'اختر ملفًا' },
  filesRemove: { en: 'Remove {{name}}', ar: 'إزالة {{name}}' },
  filesUploading: { en: 'Uploading {{name}}…', ar: 'جارٍ رفع {{name}}…' },
  filesFailed: { en: 'The file was not uploaded', ar: 'لم يتم رفع الملف' },
  filesLimits: {
    en: 'At most {{count}}, {{size}} each; {{types}}',
    ar: 'حتى {{count}}، بحد أقصى {{size}} لكل ملف؛ {{types}}',
  },
  filesDownload: { en: 'Download {{name}}', ar: 'تنزيل {{name}}' },
  filesPicture: { en: 'Picture: {{name}}', ar: 'صورة: {{name}}' },
  // toasts
  toastErrorTitle: { en: 'error', ar: 'error' },
  toastSuccessTitle: { en: 'Success', ar: 'Success' },
} satisfies Record<string, Pair>;

export type UiKey = keyof typeof uiStrings;

/** The `ui` namespace for one language: `{key: text}`. */
export function uiNamespace(lang: 'en' | 'ar'): Record<UiKey, string> {
  const out = {} as Record<UiKey, string>;
  for (const key of Object.keys(uiStrings) as UiKey[]) out[key] = uiStrings[key][lang];
  return out;
}
