/**
 * The private .ics address: whether the user has one, making a new one (shown once: the server
 * keeps only its hash) and revoking it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useApi } from '../../react/data/ApiProvider.tsx';
import { formatDate } from '../../core/dates.ts';
import { useLanguage } from '../../react/i18n/hooks.ts';

export function FeedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useApi();
  const lang = useLanguage();
  const { t } = useTranslation();
  const [feed, setFeed] = useState<{ created_at: string } | null | undefined>(undefined);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setUrl(null);
    setCopied(false);
    api
      .get<{ data: { created_at: string } | null }>('/calendar/feed')
      .then((body) => live && setFeed(body.data))
      .catch(() => live && setFeed(null));
    return () => {
      live = false;
    };
  }, [api, open]);

  const make = async () => {
    const body = await api.post<{ data: { url: string } }>('/calendar/feed');
    setUrl(body.data.url);
    setFeed({ created_at: new Date().toISOString() });
  };
  const revoke = async () => {
    await api.delete('/calendar/feed');
    setUrl(null);
    setFeed(null);
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('calendar.feed_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{t('calendar.feed_explain')}</Typography>
          {feed !== undefined && !url && (
            <Typography variant="body2" color="text.secondary">
              {feed
                ? t('calendar.feed_active', { date: formatDate(feed.created_at.slice(0, 10), lang) })
                : t('calendar.feed_none')}
            </Typography>
          )}
          {url && (
            <>
              <Alert severity="warning">{t('calendar.feed_once')}</Alert>
              <TextField
                value={url}
                label={t('calendar.feed_title')}
                slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'calendar-feed-url' } }}
                onFocus={(e) => e.target.select()}
                fullWidth
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {url && <Button onClick={copy}>{copied ? t('calendar.feed_copied') : t('calendar.feed_copy')}</Button>}
        {feed && (
          <Button color="error" onClick={revoke}>
            {t('calendar.feed_revoke')}
          </Button>
        )}
        <Button onClick={make}>{t('calendar.feed_make')}</Button>
        <Button onClick={onClose}>{t('calendar.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
