/** Small views the registration and academic pages share: badges, slot text, busy banner, load states. */
import { Alert, Button, Chip, LinearProgress, Stack } from '@mui/material';
import type { StatusTable } from '../../../../generator/manifest-types.ts';
import { statusesOf } from '../../../core/badges.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { formatTimeRange } from '../../../core/dates.ts';
import { useLanguage } from '../../i18n/hooks.ts';
import { chipColours, StatusBadge } from '../../renderers/cells.tsx';
import { useText } from './texts.ts';
import type { Slot } from './types.ts';

/** A badge of a status table of the manifest by name (registration_code, exam_kind, ...). */
export function Badge({ table, value }: { table: string; value: unknown }) {
  const manifest = useManifest();
  const language = useLanguage();
  const t = manifest.statusTables[table];
  if (!t) return <>{String(value ?? '')}</>;
  return <StatusBadge table={t} value={value} language={language} />;
}

/**
 * The registration flags as badges (portal-core section 4): every flag the value holds, each
 * in its colour (Registered success, Repeat light-danger, Fresh light-dark, requests warning...).
 */
export function FlagBadges({ flags, status }: { flags: number | string | null | undefined; status?: number }) {
  const manifest = useManifest();
  const language = useLanguage();
  const table: StatusTable | undefined = manifest.statusTables.registration_status;
  if (!table || flags === null || flags === undefined) return null;
  const value = typeof flags === 'string' ? BigInt(flags) : flags;
  // Beside the row's status badge, a flag of the same name ("Registered") would say it twice.
  const shown = manifest.statusTables.registration_code?.statuses.find((s) => s.id === status)?.name;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {statusesOf(table, value)
        .filter((s) => s.name !== shown)
        .map((s) => {
          const c = chipColours(s.color);
          return (
            <Chip
              key={s.id}
              size="small"
              variant="outlined"
              label={language === 'ar' ? s.name_local : s.name}
              sx={{ bgcolor: c.background, color: c.color, borderColor: c.border }}
            />
          );
        })}
    </Stack>
  );
}

/** The short name of a week day (week_day status table) in the current language. */
export function useDayName(): (day: number) => string {
  const manifest = useManifest();
  const language = useLanguage();
  return (day) => {
    const s = manifest.statusTables.week_day?.statuses.find((x) => x.id === day);
    return s ? (language === 'ar' ? s.name_local : s.name) : String(day);
  };
}

/** "Saturday 08:30–10:00 · H101". Times are kept left to right inside Arabic text. */
export function SlotText({ slot }: { slot: Slot }) {
  const dayName = useDayName();
  const language = useLanguage();
  const room = slot.room?.code;
  return (
    <span>
      {dayName(slot.day)}{' '}
      <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
        {formatTimeRange(slot.start_time, slot.end_time, language)}
      </bdi>
      {room ? (
        <>
          {' '}
          · <bdi dir="ltr">{room}</bdi>
        </>
      ) : null}
    </span>
  );
}

/** The 'busy, retrying' state: shown while the server answers 503/429 and the call waits to try again. */
export function BusyBanner({ attempt }: { attempt: number }) {
  const t = useText();
  if (!attempt) return null;
  return (
    <Alert severity="info" role="status" data-testid="busy-banner" icon={false}>
      <Stack spacing={1}>
        <span>
          {t('busy')} ({t('busyAttempt', { n: attempt + 1 })})
        </span>
        <LinearProgress />
      </Stack>
    </Alert>
  );
}

/** Loading bar, or a failure with a retry button. */
export function LoadState({ loading, error, reload }: { loading: boolean; error: unknown; reload: () => void }) {
  const t = useText();
  if (loading) return <LinearProgress aria-label={t('loading')} />;
  if (!error) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={reload}>
          {t('retry')}
        </Button>
      }
    >
      {error instanceof Error && error.message ? error.message : t('loadFailed')}
    </Alert>
  );
}
