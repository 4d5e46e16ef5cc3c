/** The frame of the sign-in pages: a centred card with the portal name, a title and a subtitle. */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import School from '@mui/icons-material/School';
import { useUi } from '../../i18n/hooks.ts';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const ui = useUi();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3, justifyContent: 'center' }}>
            <School color="primary" sx={{ fontSize: 36 }} />
            <Typography variant="h5" color="primary" sx={{ fontWeight: 700 }}>
              {ui('appName')}
            </Typography>
          </Stack>
          <Typography variant="h6" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
