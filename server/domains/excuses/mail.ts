/**
 * The mail a student gets when staff approve or reject an excuse: in English and Arabic (the
 * student's language is not at hand), like the certificates' and admission's status mails.
 */
import type { Status } from '../../../generator/manifest-types.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export function excuseMail(
  to: string,
  code: string,
  status: Pick<Status, 'name' | 'name_local'>,
  note: string | null,
): MailMessage {
  const en = [
    `Your absence excuse ${code} is now: ${status.name}.`,
    note && `\nNote from the office:\n${note}`,
    '\nOpen My excuses in the portal to see it.',
  ]
    .filter(Boolean)
    .join('\n');
  const ar = [
    `أصبحت حالة عذر الغياب ${code}: ${status.name_local || status.name}.`,
    note && `\nملاحظة من المكتب:\n${note}`,
    '\nافتح أعذاري في البوابة للاطلاع عليه.',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    to,
    subject: `${code}: ${status.name} | ${status.name_local || status.name}`,
    text: `${en}\n\n---\n\n${ar}\n`,
  };
}
