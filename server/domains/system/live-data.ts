/**
 * GET /users/live-data (polled every 180 s by a signed-in portal): small counters for the
 * caller. A plain list: a domain that owns a counter adds an entry here (the chat domain its
 * unread count). A counter whose tables are absent answers 0.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import type { Db } from '../auth/tables.ts';
import { unreadCount } from '../chat/store.ts';

export interface LiveCounter {
  key: string;
  count(db: Db, manifest: Manifest, user: RequestUser & { id: number }): Promise<number>;
}

/** Unread chat messages: messages of the user's conversations past their read mark, not their own. */
export const chatNotificationCount: LiveCounter = {
  key: 'chat_notification_count',
  count: (db, manifest, user) => unreadCount(db, manifest, user.id),
};

export const LIVE_COUNTERS: LiveCounter[] = [chatNotificationCount];

export async function liveData(
  db: Db,
  manifest: Manifest,
  user: RequestUser & { id: number },
  counters = LIVE_COUNTERS,
) {
  const data: Record<string, number> = {};
  for (const counter of counters) data[counter.key] = await counter.count(db, manifest, user);
  return data;
}
