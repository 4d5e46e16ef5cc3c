/**
 * The mail an applicant gets when staff change the application's status (the success page
 * promises it: "we will email you when its status changes"): the new status and the comment,
 * in both languages, since the applicant's language is not stored. The link is not in it: only
 * its hash is kept, and the first mail holds it.
 */
import type { Status } from '../../../generator/manifest-types.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export function statusMail(to: string, status: Pick<Status, 'name' | 'name_local'>, comment: string): MailMessage {
  const en = [
    `The status of your application is now: ${status.name}.`,
    comment && `\nComment from the admission office:\n${comment}`,
    '\nOpen your application with the link in the first mail we sent you.',
  ]
    .filter(Boolean)
    .join('\n');
  const ar = [
    `أصبحت حالة طلبك: ${status.name_local || status.name}.`,
    comment && `\nملاحظة من مكتب القبول:\n${comment}`,
    '\nافتح طلبك من الرابط الوارد في أول رسالة أرسلناها إليك.',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    to,
    subject: `Your application: ${status.name} | طلبك: ${status.name_local || status.name}`,
    text: `${en}\n\n---\n\n${ar}\n`,
  };
}
