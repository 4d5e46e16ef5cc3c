/** The root route's error element: a chunk or a manifest part that failed to load offers a reload; anything else is the 404 page. */
import { useRouteError } from 'react-router-dom';
import { Alert, Box, Button } from '@mui/material';
import { useUi } from '../i18n/hooks.ts';
import { NotFound } from './NotFound.tsx';

export function RouteError() {
  const error = useRouteError();
  const ui = useUi();
  if (error instanceof Error && (error.name === 'ChunkLoadError' || error.name === 'ManifestLoadError')) {
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => window.location.reload()}>
              {ui('retry')}
            </Button>
          }
        >
          {ui('loadFailed')}
        </Alert>
      </Box>
    );
  }
  return <NotFound />;
}
