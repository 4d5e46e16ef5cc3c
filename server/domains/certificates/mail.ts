/**
 * The mail a student gets when the office returns or rejects a request, or when the certificate
 * is ready: in English and Arabic (the student's language is not at hand), like admission's
 * status mails.
 */
import type { Status } from '../../../generator/manifest-types.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export function certificateMail(
  to: string,
  code: string,
  status: Pick<Status, 'name' | 'name_local'>,
  note: string | null,
): MailMessage {
  const en = [
    `Your certificate request ${code} is now: ${status.name}.`,
    note && `\nNote from the office:\n${note}`,
    '\nOpen Services > Certificates in the portal to follow it.',
  ]
    .filter(Boolean)
    .join('\n');
  const ar = [
    `أصبحت حالة طلب الشهادة ${code}: ${status.name_local || status.name}.`,
    note && `\nملاحظة من المكتب:\n${note}`,
    '\nافتح الخدمات > الشهادات في البوابة لمتابعته.',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    to,
    subject: `${code}: ${status.name} | ${status.name_local || status.name}`,
    text: `${en}\n\n---\n\n${ar}\n`,
  };
}
