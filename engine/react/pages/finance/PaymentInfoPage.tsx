/**
 * /payment-info/{reference}: where a card or voucher payment stands. The provider's hosted page
 * returns here; the page asks the server, which asks the provider and applies a payment once.
 */
import { Alert, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { useResource } from '../../renderers/useResource.ts';
import { hrefFor } from '../../router/paths.ts';
import { goToProvider, useMoney } from './money.ts';
import { useFinanceText } from './useFinanceText.ts';

interface ProviderPayment {
  reference: string;
  status: 'pending' | 'paid' | 'failed';
  amount: number;
  currency: string;
  redirect_url: string | null;
  voucher_reference: string | null;
  purpose: 'invoice' | 'wallet';
  payment_id: number | null;
}

const COLOURS = { pending: 'warning', paid: 'success', failed: 'error' } as const;

export function PaymentInfoPage({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const label = useLabel();
  const t = useFinanceText();
  const money = useMoney();
  const reference = params.id;
  const payment = useResource<ProviderPayment>(
    reference ? `/payments/provider/status/${encodeURIComponent(reference)}` : undefined,
  );
  const p = payment.data;
  const status = p ? ({ pending: t('pending'), paid: t('done'), failed: t('failed') } as const)[p.status] : '';
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      {payment.loading && <LinearProgress />}
      {p && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography>{t('providerStatus')}:</Typography>
                <Chip data-testid="payment-status" color={COLOURS[p.status]} label={status} />
              </Stack>
              <Typography>
                {t('amount')}: <bdi>{money(p.amount, p.currency)}</bdi>
              </Typography>
              <Typography>
                {t('reference')}: <bdi>{p.reference}</bdi>
              </Typography>
              {p.voucher_reference && p.status === 'pending' && (
                <Alert severity="info">
                  {t('voucher')}:{' '}
                  <strong data-testid="voucher-number">
                    <bdi>{p.voucher_reference}</bdi>
                  </strong>
                </Alert>
              )}
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                {p.status === 'pending' && p.redirect_url && (
                  <Button variant="contained" onClick={() => goToProvider(p.redirect_url)}>
                    {t('continuePay')}
                  </Button>
                )}
                {p.status === 'pending' && (
                  <Button variant="outlined" onClick={payment.reload}>
                    {t('checkAgain')}
                  </Button>
                )}
                <Button component={RouterLink} to={hrefFor(manifest, 'payments') ?? '/payments'}>
                  {t('toPayments')}
                </Button>
                {p.purpose === 'wallet' && (
                  <Button component={RouterLink} to={hrefFor(manifest, 'credit') ?? '/my_credit'}>
                    {t('toCredit')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
