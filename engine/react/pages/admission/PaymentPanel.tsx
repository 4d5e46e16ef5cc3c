/**
 * The fees of an application above the payment tab and on the dashboard: each fee with its
 * status badge, whether a payment is due, Pay by card / voucher through the payment provider
 * (the sandbox in development), the check when the provider sends the browser back, and the
 * payment instructions PDF.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import Payment from '@mui/icons-material/PaymentOutlined';
import Receipt from '@mui/icons-material/ReceiptLongOutlined';
import { ApiError } from '../../../core/api/api-error.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useLabel } from '../../i18n/hooks.ts';
import type { ApplicantDashboard, ApplicantLink } from './admission-api.ts';
import {
  checkTransaction,
  createTransaction,
  payableFees,
  paymentDue,
  paymentInstructions,
  pendingPaymentStore,
  RETURN_PARAM,
  returnPath,
} from './payment.ts';
import { FeeStatusChip } from './FeeStatusChip.tsx';
import { useMoney } from '../finance/money.ts';
import { useAdmissionText } from './texts.ts';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';

export function PaymentPanel({
  dashboard,
  link,
  onChanged,
}: {
  dashboard: ApplicantDashboard;
  link: ApplicantLink;
  onChanged(): void;
}) {
  const api = useApi();
  const money = useMoney();
  const label = useLabel();
  const t = useAdmissionText();
  const location = useLocation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<'pending' | 'paid' | undefined>();
  const fees = dashboard.fees ?? [];
  const due = paymentDue(dashboard);
  const payable = payableFees(fees);
  const checked = useRef<string | undefined>(undefined);

  // Back from the provider: ask once where the payment started before leaving stands.
  const pending = useMemo(
    () => pendingPaymentStore(typeof window !== 'undefined' ? window.sessionStorage : undefined, link.id),
    [link.id],
  );
  const returned = new URLSearchParams(location.search).has(RETURN_PARAM);
  useEffect(() => {
    const reference = pending.get();
    if (!reference || checked.current === reference) return;
    checked.current = reference;
    setBusy(true);
    checkTransaction(api, link, reference).then(
      (body) => {
        const answer = ((body as { data?: { status?: string; paid?: boolean } }).data ?? {}) as {
          status?: string;
          paid?: boolean;
        };
        pending.clear();
        setNotice(answer.paid || answer.status === 'paid' ? 'paid' : 'pending');
        setBusy(false);
        onChanged();
        if (returned) void navigate(location.pathname, { replace: true });
      },
      (error: unknown) => {
        pending.clear();
        setProblem(error instanceof Error ? error.message : undefined);
        setBusy(false);
      },
    );
  }, [pending, returned, api, link, onChanged, navigate, location.pathname]);

  const pay = async (fee: string, method: 'credit_card' | 'voucher') => {
    setBusy(true);
    setProblem(undefined);
    try {
      // The server sends the browser back to the success page (the form's address holds the key).
      const started = await createTransaction(api, link, { fee, method, return_path: returnPath(location) });
      if (started.reference) pending.set(started.reference);
      if (started.redirect_url) {
        window.location.assign(started.redirect_url);
        return;
      }
      setNotice('pending');
      onChanged();
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 404
          ? t('paymentUnavailable')
          : error instanceof Error
            ? error.message
            : undefined,
      );
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    setProblem(undefined);
    try {
      const blob = await paymentInstructions(api, link);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `Payment_Instructions_${link.id}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Stack spacing={1.5} data-fees>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('fees')}
      </Typography>
      {fees.length === 0 ? (
        <Typography color="text.secondary">{t('noFees')}</Typography>
      ) : (
        <ScrollCue>
          <Table size="small" aria-label={t('fees')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fee')}</TableCell>
                <TableCell>{t('amount')}</TableCell>
                <TableCell>{t('feeStatus')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {fees.map((fee) => {
                const canPay = payable.includes(fee);
                return (
                  <TableRow
                    key={`${fee.billing_kind_id}-${fee.payment_id ?? ''}`}
                    data-fee={fee.key}
                    data-fee-status={fee.status}
                  >
                    <TableCell>{label(fee.label)}</TableCell>
                    <TableCell>
                      <bdi>{money(fee.amount, fee.currency)}</bdi>
                    </TableCell>
                    <TableCell>
                      <FeeStatusChip fee={fee} />
                    </TableCell>
                    <TableCell align="right">
                      {canPay && (
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button
                            size="small"
                            variant="contained"
                            startIcon={<Payment />}
                            disabled={busy}
                            onClick={() => void pay(fee.key, 'credit_card')}
                            data-action="pay-card"
                          >
                            {t('payByCard')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={busy}
                            onClick={() => void pay(fee.key, 'voucher')}
                            data-action="pay-voucher"
                          >
                            {t('payByVoucher')}
                          </Button>
                        </Stack>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollCue>
      )}
      <Alert severity={due ? 'warning' : 'success'} data-payment-due={due ? 'true' : 'false'}>
        {due ? t('paymentDue') : t('paymentNotDue')}
      </Alert>
      {notice && (
        <Alert severity={notice === 'paid' ? 'success' : 'info'}>
          {notice === 'paid' ? t('paymentDone') : t('paymentPending')}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {fees.length > 0 && (
        <Box>
          <Button startIcon={<Receipt />} onClick={() => void download()} data-action="payment-pdf">
            {t('paymentInstructions')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
