/**
 * /my_credit/charge: the YAML `charge_credit` form; on success the answer names the provider's
 * hosted page (card) or the payment's own page with its voucher number, and the browser goes there.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormViewFor } from '../../renderers/form/FormViewFor.tsx';
import { formTarget, useFormController } from '../../renderers/form/useFormController.ts';
import { useResource } from '../../renderers/useResource.ts';
import { hrefFor } from '../../router/paths.ts';
import { goToProvider, useMoney } from './money.ts';
import { useFinanceText } from './useFinanceText.ts';

interface Started {
  reference?: string;
  redirect_url?: string | null;
  voucher_reference?: string | null;
}

export function ChargeCreditPage({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const label = useLabel();
  const ui = useUi();
  const t = useFinanceText();
  const money = useMoney();
  const navigate = useNavigate();
  const form = screen.form ? manifest.forms[screen.form] : undefined;
  const balance = useResource<{ balance: number; currency_id: number }>('/credit-transactions/balance');
  const target = useMemo(() => (form ? formTarget(form, undefined, params) : undefined), [form, params]);
  const controller = useFormController(form!, manifest, target, params, {
    successToast: false,
    onSaved: (answer) => {
      const started = (answer as { data?: Started } | undefined)?.data;
      if (!started?.reference) return;
      // A voucher is paid later: its page shows the number. A card payment continues at the provider.
      if (started.voucher_reference || !goToProvider(started.redirect_url)) {
        void navigate(
          hrefFor(manifest, 'payment-info', { id: started.reference }) ?? `/payment-info/${started.reference}`,
        );
      }
    },
  });
  if (!form)
    return <Alert severity="warning">{ui('unknownScreenHint', { view: screen.view, name: screen.name })}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {label(screen.title)}
        </Typography>
        {balance.data && (
          <Chip
            color="success"
            variant="outlined"
            label={`${t('balance')}: ${money(balance.data.balance, balance.data.currency_id)}`}
          />
        )}
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <FormViewFor form={form} controller={controller} submitLabel={t('charge')} />
        </CardContent>
      </Card>
    </Stack>
  );
}
