/**
 * The mailer the workflow's notices go through, one per manifest (set when the server starts the
 * workflow routes), and the sending of a step's queued mails after its commit: a mail that fails
 * is logged by the caller and never undoes the step.
 */
import type { Manifest } from '../../generator/manifest-types.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';

const mailers = new WeakMap<Manifest, Mailer>();

export function setNoticeMailer(manifest: Manifest, mailer: Mailer): void {
  mailers.set(manifest, mailer);
}

export async function sendQueued(manifest: Manifest, mails: MailMessage[]): Promise<void> {
  const mailer = mailers.get(manifest);
  if (!mailer) return;
  for (const mail of mails) await mailer.send(mail).catch(() => undefined);
}
