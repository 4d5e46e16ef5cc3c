/**
 * GET /users/live-data (polled every 180 s by a signed-in portal): small counters for the
 * caller. A plain list: a domain that owns a counter adds an entry here (the chat domain its
 * unread count). A counter whose tables are absent answers 0.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { dynamicTables, type Db } from '../auth/tables.ts';

export interface LiveCounter {
  key: string;
  count(db: Db, manifest: Manifest, user: RequestUser & { id: number }): Promise<number>;
}

/**
 * Unread chat notifications: rows of a `chat_notifications` entity (user_id, read_at) when
 * the manifest declares one; 0 until the chat domain exists.
 */
export const chatNotificationCount: LiveCounter = {
  key: 'chat_notification_count',
  async count(db, manifest, user) {
    const entity = manifest.entities.chat_notifications;
    if (!entity?.fields.user_id || !entity.fields.read_at) return 0;
    // chat_notifications is not (yet) an entity of screens/: its table is the manifest's alone.
    let query = dynamicTables(db).selectFrom(entity.table).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id).where('read_at', 'is', null);
    if (entity.softDelete) query = query.where('deleted_at', 'is', null);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};

export const LIVE_COUNTERS: LiveCounter[] = [chatNotificationCount];

export async function liveData(db: Db, manifest: Manifest, user: RequestUser & { id: number }, counters = LIVE_COUNTERS) {
  const data: Record<string, number> = {};
  for (const counter of counters) data[counter.key] = await counter.count(db, manifest, user);
  return data;
}
