/** Reading the outbox folder (tests, end-to-end tests, operators without an SMTP server). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMessage } from './mailer.ts';

/** Every message in the outbox folder, oldest first; optionally only those sent to `to`. */
export async function readOutbox(outboxDir: string, to?: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return [];
  }
  const messages: OutboxMessage[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const text = await readFile(join(outboxDir, name), 'utf8');
    messages.push(JSON.parse(text) as OutboxMessage);
  }
  const wanted = to?.toLowerCase();
  return wanted ? messages.filter((m) => m.to.toLowerCase() === wanted) : messages;
}
