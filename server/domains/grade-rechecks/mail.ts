/**
 * The mail a student gets when the office decides a recheck (grade changed, no change, rejected)
 * or approves its cancellation: in English and Arabic (the student's language is not at hand),
 * like the certificates' and admission's status mails.
 */
import type { Status } from '../../../generator/manifest-types.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export interface RecheckMailFacts {
  code: string;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
  old_grade: number | null;
  new_grade: number | null;
  max_mark: number | null;
}

export function recheckMail(
  to: string,
  r: RecheckMailFacts,
  status: Pick<Status, 'key' | 'name' | 'name_local'>,
  note: string | null,
): MailMessage {
  const changed = status.key === 'grade_changed' && r.new_grade !== null;
  const max = r.max_mark === null ? '' : ` / ${r.max_mark}`;
  const en = [
    `Your grade recheck ${r.code} (${r.course_code} ${r.course_name}) is now: ${status.name}.`,
    changed && `Your mark changed from ${r.old_grade ?? '-'}${max} to ${r.new_grade}${max}.`,
    note && `\nNote from the office:\n${note}`,
    '\nOpen Services > Grade rechecks in the portal to see it.',
  ]
    .filter(Boolean)
    .join('\n');
  const ar = [
    `أصبحت حالة التظلم ${r.code} (${r.course_code} ${r.course_name_local || r.course_name}): ${status.name_local || status.name}.`,
    changed && `تغيرت درجتك من ${r.old_grade ?? '-'}${max} إلى ${r.new_grade}${max}.`,
    note && `\nملاحظة من المكتب:\n${note}`,
    '\nافتح الخدمات > التظلمات في البوابة لمتابعته.',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    to,
    subject: `${r.code}: ${status.name} | ${status.name_local || status.name}`,
    text: `${en}\n\n---\n\n${ar}\n`,
  };
}
