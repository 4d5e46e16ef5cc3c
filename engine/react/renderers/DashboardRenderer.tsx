/**
 * The dashboard screen kind: a welcome card, the figures of the screen's source (scalar values
 * of GET source.path as cards; a student's `warnings` as the study plan's alerts), and shortcuts to what the menu lets the user open.
 */
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card, CardActionArea, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { useSession } from '../data/SessionProvider.tsx';
import { useLabel, useLanguage, useUi } from '../i18n/hooks.ts';
import type { RendererProps } from '../registry/registry.ts';
import { MenuIcon } from '../shell/icons.tsx';
import { useMenuEntries } from '../shell/NavigationMenu.tsx';
import type { MenuEntry } from '../shell/navigation.ts';
import { userDisplayName } from '../shell/UserMenu.tsx';
import { fillPath } from './actions.ts';
import { formatValue } from './cells.tsx';
import { StandingAlerts } from './StandingAlerts.tsx';
import { useResource } from './useResource.ts';
import type { WarningStanding } from '../../core/standing.ts';

/** How a figure of a dashboard answer is written, by its key (formatValue's formats). */
export const FIGURE_FORMATS: Record<string, string> = { gpa: 'gpa' };

/**
 * A figure as written: by its key's format, else a number as a count with thousands separators
 * (2,401 students, as every list and the grid write it), else as it is.
 */
export function figureText(key: string, value: unknown, language: string): string {
  return formatValue(
    value,
    FIGURE_FORMATS[key] ?? (typeof value === 'number' ? 'number' : undefined),
    undefined,
    language,
  );
}

/** The figures of a dashboard answer: its scalar entries, keys made readable. */
export function dashboardFigures(data: unknown): { key: string; title: string; value: unknown }[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.entries(data as Record<string, unknown>)
    .filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v))
    .map(([key, value]) => ({ key, title: key.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase()), value }));
}

function links(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.href ? [e] : links(e.children)));
}

export function DashboardRenderer({ screen, params }: RendererProps) {
  const { user } = useSession();
  const label = useLabel();
  const language = useLanguage();
  const ui = useUi();
  const path = screen.source?.path ? fillPath(screen.source.path, params) : undefined;
  const data = useResource(path);
  const shortcuts = links(useMenuEntries()).filter((e) => e.route !== screen.name);
  const { t, i18n } = useTranslation();
  const figureTitle = (f: { key: string; title: string }) =>
    i18n.exists(`dashboard.${f.key}`) ? (t(`dashboard.${f.key}`) as string) : f.title;
  return (
    <Stack spacing={3}>
      <Card sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <CardContent>
          <Typography variant="h5" component="h1">
            {user ? ui('dashboardWelcome', { name: userDisplayName(user, language) }) : label(screen.title)}
          </Typography>
          <Typography sx={{ opacity: 0.85 }}>{label(screen.title)}</Typography>
        </CardContent>
      </Card>
      {data.loading && <LinearProgress aria-label={ui('loading')} />}
      <StandingAlerts standing={(data.data as { warnings?: WarningStanding } | undefined)?.warnings} />
      <Grid container spacing={2}>
        {dashboardFigures(data.data).map((f) => (
          <Grid key={f.key} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="caption" color="text.secondary">
                  {figureTitle(f)}
                </Typography>
                <Typography variant="h5">{figureText(f.key, f.value, language)}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        {shortcuts.map((e) => (
          <Grid key={e.key} size={{ xs: 6, sm: 4, md: 3 }}>
            <Card variant="outlined">
              <CardActionArea
                component={RouterLink}
                to={e.href ?? '/'}
                sx={{ p: 2, display: 'flex', gap: 1.5, justifyContent: 'flex-start' }}
              >
                <MenuIcon name={e.icon} color="primary" />
                <Typography>{label(e.label)}</Typography>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
