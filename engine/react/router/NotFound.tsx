/** The built-in 404 when the manifest has no error-404 screen (or a route fails to load). */
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useUi } from '../i18n/hooks.ts';

export function NotFound() {
  const ui = useUi();
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <Typography variant="h2" component="p" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        {ui('backHome')}
      </Button>
    </Box>
  );
}
