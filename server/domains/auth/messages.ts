/**
 * What the sign-in domain says, in English and Arabic (other languages fall back to English).
 * The two texts the specification quotes ('this email incorrect', 'Invalid or incorrect one
 * time password') are kept word for word.
 */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const AUTH_TEXT = {
  wrong_credentials: {
    en: 'The email or the password is incorrect',
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  },
  type_not_allowed: {
    en: 'This account cannot sign in to the portal; applicants sign in through the admission area',
    ar: 'لا يمكن لهذا الحساب الدخول إلى البوابة؛ يدخل المتقدمون من خلال صفحة القبول',
  },
  deactivated: {
    en: 'This account is deactivated; please contact the university administration',
    ar: 'هذا الحساب معطل؛ يرجى التواصل مع إدارة الجامعة',
  },
  email_incorrect: { en: 'this email incorrect', ar: 'هذا البريد الإلكتروني غير صحيح' },
  otp_incorrect: {
    en: 'Invalid or incorrect one time password',
    ar: 'كلمة المرور لمرة واحدة غير صالحة أو غير صحيحة',
  },
  password_too_short: {
    en: 'The password must be at least {limit} characters',
    ar: 'يجب ألا تقل كلمة المرور عن {limit} أحرف',
  },
  password_confirmation: {
    en: 'The password confirmation does not match',
    ar: 'تأكيد كلمة المرور غير مطابق',
  },
  otp_sent: {
    en: 'A one time password was sent to your email; it is valid for {minutes} minutes',
    ar: 'تم إرسال كلمة مرور لمرة واحدة إلى بريدك الإلكتروني، وهي صالحة لمدة {minutes} دقيقة',
  },
  password_reset: {
    en: 'Your password was changed; please sign in with the new password',
    ar: 'تم تغيير كلمة المرور؛ يرجى تسجيل الدخول بكلمة المرور الجديدة',
  },
  signed_out: { en: 'Signed out', ar: 'تم تسجيل الخروج' },
  too_many_attempts: {
    en: 'Too many attempts; please try again in {seconds} seconds',
    ar: 'محاولات كثيرة؛ يرجى المحاولة مرة أخرى بعد {seconds} ثانية',
  },
  login_token_invalid: {
    en: 'This sign-in link is invalid, used or expired',
    ar: 'رابط تسجيل الدخول هذا غير صالح أو مستخدم أو منتهي الصلاحية',
  },
  sso_not_configured: {
    en: 'Microsoft sign-in is not configured for this university',
    ar: 'تسجيل الدخول عبر مايكروسوفت غير مفعل لهذه الجامعة',
  },
  sso_unavailable: {
    en: 'The Microsoft sign-in service cannot be reached now; please try again later',
    ar: 'لا يمكن الوصول إلى خدمة تسجيل الدخول عبر مايكروسوفت الآن؛ يرجى المحاولة لاحقًا',
  },
  sso_failed: {
    en: 'The Microsoft sign-in could not be completed; please start again',
    ar: 'تعذر إكمال تسجيل الدخول عبر مايكروسوفت؛ يرجى البدء من جديد',
  },
  sso_no_account: {
    en: 'No portal account uses the email of this Microsoft account',
    ar: 'لا يوجد حساب في البوابة بالبريد الإلكتروني لحساب مايكروسوفت هذا',
  },
  sso_students_only: {
    en: 'Only students can sign in with Microsoft; staff sign in with email and password',
    ar: 'تسجيل الدخول عبر مايكروسوفت متاح للطلاب فقط؛ يدخل الموظفون بالبريد الإلكتروني وكلمة المرور',
  },
  mail_failed: {
    en: 'The email could not be sent now; please try again later',
    ar: 'تعذر إرسال البريد الإلكتروني الآن؛ يرجى المحاولة لاحقًا',
  },
  otp_mail_subject: { en: 'Your one time password', ar: 'كلمة المرور لمرة واحدة' },
  otp_mail_body: {
    en: 'Your one time password is {otp}. It is valid for {minutes} minutes. If you did not ask to reset your password, ignore this message.',
    ar: 'كلمة المرور لمرة واحدة هي {otp}. وهي صالحة لمدة {minutes} دقيقة. إذا لم تطلب إعادة تعيين كلمة المرور فتجاهل هذه الرسالة.',
  },
} satisfies Record<string, LocalText>;

export type AuthTextKey = keyof typeof AUTH_TEXT;
