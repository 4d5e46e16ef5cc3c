/**
 * The mail a ticket's owner gets when staff reply or resolve it: in English and Arabic (the
 * owner's language is not at hand), like the certificates' and admission's status mails.
 */
import type { Status } from '../../../generator/manifest-types.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export function ticketMail(
  to: string,
  code: string,
  subject: string,
  status: Pick<Status, 'name' | 'name_local'>,
  message: string | null,
): MailMessage {
  const en = [
    `The support team answered your ticket ${code} (${subject}). Its status is now: ${status.name}.`,
    message && `\nTheir reply:\n${message}`,
    '\nOpen My tickets in the portal to read the conversation and answer.',
  ]
    .filter(Boolean)
    .join('\n');
  const ar = [
    `رد فريق الدعم على تذكرتك ${code} (${subject}). أصبحت حالتها: ${status.name_local || status.name}.`,
    message && `\nالرد:\n${message}`,
    '\nافتح تذاكري في البوابة لقراءة المحادثة والرد.',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    to,
    subject: `${code}: ${status.name} | ${status.name_local || status.name}`,
    text: `${en}\n\n---\n\n${ar}\n`,
  };
}
