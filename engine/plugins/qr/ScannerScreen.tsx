/**
 * The student's `qr#Scanner` (/attendance): scan the lecture's code with the camera, or read it
 * from a photo, or type or paste it; the server's answer is shown as it says it. Right to left
 * in Arabic through the theme; the code itself is always written left to right.
 */
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLabel } from '../../react/i18n/hooks.ts';
import type { RendererProps } from '../../react/registry/registry.ts';
import { decodeImageFile } from './decode.ts';
import { useCameraScanner } from './useCameraScanner.ts';
import { useScan } from './useScan.ts';

export function ScannerScreen({ screen }: RendererProps) {
  const label = useLabel();
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [photoError, setPhotoError] = useState(false);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const { send, sending, result } = useScan(t('attendance.recorded'));
  const stopCamera = useRef<() => void>(() => {});
  const camera = useCameraScanner(
    useCallback(
      (text: string) => {
        setPhotoError(false);
        void send(text).then((outcome) => {
          if (outcome?.ok) stopCamera.current();
        });
      },
      [send],
    ),
  );
  stopCamera.current = camera.stop;

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoError(false);
    const text = await decodeImageFile(file).catch(() => null);
    if (!text) return setPhotoError(true);
    setTyped(text);
    await send(text, { again: true });
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }} data-testid="attendance-scanner">
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      {result && (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          role="status"
          data-testid="attendance-result"
          data-ok={String(result.ok)}
        >
          {result.text}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h2">
              {t('attendance.scan')}
            </Typography>
            <Box
              component="video"
              ref={camera.videoRef}
              muted
              playsInline
              aria-label={t('attendance.camera_hint')}
              sx={{
                display: camera.active ? 'block' : 'none',
                width: '100%',
                maxHeight: 360,
                bgcolor: 'black',
                borderRadius: 1,
              }}
            />
            {camera.active && (
              <Typography variant="body2" color="text.secondary">
                {t('attendance.camera_hint')}
              </Typography>
            )}
            {camera.unavailable && <Alert severity="info">{t('attendance.camera_unavailable')}</Alert>}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {camera.active ? (
                <Button variant="outlined" onClick={camera.stop}>
                  {t('attendance.camera_stop')}
                </Button>
              ) : (
                <Button variant="contained" onClick={() => void camera.start()}>
                  {t('attendance.camera_start')}
                </Button>
              )}
              <Button variant="outlined" component="label" disabled={sending}>
                {t('attendance.photo')}
                <input
                  ref={fileRef}
                  hidden
                  type="file"
                  accept="image/*"
                  capture="environment"
                  onChange={(e) => void onPhoto(e)}
                  data-testid="attendance-photo"
                />
              </Button>
            </Stack>
            {photoError && (
              <Alert severity="warning" data-testid="attendance-photo-error">
                {t('attendance.photo_none')}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void send(typed, { again: true });
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            fullWidth
            size="small"
            label={t('attendance.code_label')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{
              htmlInput: { dir: 'ltr', spellCheck: false, autoComplete: 'off', 'data-testid': 'attendance-code' },
            }}
          />
          <Button type="submit" variant="contained" disabled={sending || !typed.trim()} sx={{ flexShrink: 0 }}>
            {sending ? t('attendance.sending') : t('attendance.submit')}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
