/**
 * Outgoing mail. With SMTP_URL set, messages go to that SMTP server through nodemailer;
 * without it, each message is written as a JSON file into the outbox folder (DATA_DIR/outbox,
 * `config.outboxDir`), so a university trying Rowaq on one machine can still read its
 * password-reset codes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createTransport } from 'nodemailer';

export interface MailConfig {
  /** smtp://user:pass@host:port (smtps:// for TLS). Absent: the outbox folder is used. */
  smtpUrl?: string;
  /** The From header, e.g. "Rowaq <no-reply@university.example>". */
  from: string;
  /** Where messages are written when no SMTP server is configured. */
  outboxDir: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the outbox holds for each message. */
export interface OutboxMessage extends MailMessage {
  id: string;
  from: string;
  date: string;
}

export interface Mailer {
  /** 'smtp' or 'outbox': where messages go. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = 'Rowaq <no-reply@rowaq.local>';

/** SMTP_URL and MAIL_FROM from the environment; the outbox folder from the server config. */
export function mailConfigFrom(server: { outboxDir: string }, env: NodeJS.ProcessEnv = process.env): MailConfig {
  return {
    smtpUrl: env.SMTP_URL || undefined,
    from: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    outboxDir: server.outboxDir,
  };
}

export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.from) : outboxMailer(config);
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

function outboxMailer(config: MailConfig): Mailer {
  const dir = config.outboxDir;
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const date = new Date().toISOString();
      const id = `${date.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const stored: OutboxMessage = { id, from: config.from, date, ...message };
      await writeFile(join(dir, `${id}.json`), JSON.stringify(stored, null, 2) + '\n', 'utf8');
    },
    close() {},
  };
}
