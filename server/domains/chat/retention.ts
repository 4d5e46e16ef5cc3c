/**
 * Messages are kept as long as the university setting chat_retention_days says (a whole number of
 * days; 0, empty or absent: kept). Each process sweeps at start and then hourly; a sweep is one
 * delete, so several processes sweeping at once only repeat each other's work.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { Db as SettingsDb } from '../auth/tables.ts';
import { readSettings } from '../system/university-data.ts';
import { removeOlderThan, type Db } from './store.ts';

export const RETENTION_SETTING = 'chat_retention_days';
export const SWEEP_EVERY_MS = 3_600_000;

export async function retentionDays(db: Db, m: Manifest): Promise<number | null> {
  const settings = await readSettings(db as SettingsDb, m, [RETENTION_SETTING]);
  const days = Number(String(settings.get(RETENTION_SETTING)?.value ?? '').trim() || 0);
  return Number.isInteger(days) && days > 0 ? days : null;
}

/** Removes the messages past the retention period; answers how many (0 when messages are kept). */
export async function sweep(db: Db, m: Manifest): Promise<number> {
  const days = await retentionDays(db, m);
  return days === null ? 0 : removeOlderThan(db, m, days);
}
