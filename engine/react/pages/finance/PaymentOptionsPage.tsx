/**
 * /payment-confirmation/{id}/{amount?}: one invoice, its installments and, for the student who
 * owes it, the ways to pay each open one (or everything left): the credit balance, card or
 * voucher through the payment provider (as the university settings allow) and bank transfer
 * (non-Egyptians; the server refuses others with its message). Card payments continue on the
 * provider's hosted page; every paying call carries an Idempotency-Key, so a double click pays once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { can } from '../../../core/permissions.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useSession } from '../../data/SessionProvider.tsx';
import { useLabel, useLanguage, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { formatValue, StatusBadge } from '../../renderers/cells.tsx';
import { paidState, paidText } from '../../renderers/paid-progress.ts';
import { useResource } from '../../renderers/useResource.ts';
import { hrefFor } from '../../router/paths.ts';
import { useToast } from '../../toasts/useToast.ts';
import { goToProvider, useMoney } from './money.ts';
import { useFinanceText } from './useFinanceText.ts';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';

type Row = Record<string, unknown>;

/** An amount or a date on one line: the table scrolls sideways (with its cue) instead. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;
interface Started {
  reference: string;
  redirect_url: string | null;
  voucher_reference: string | null;
}
type Way = 'wallet' | 'card' | 'voucher' | 'bank';

export function PaymentOptionsPage({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const api = useApi();
  const navigate = useNavigate();
  const toast = useToast();
  const label = useLabel();
  const language = useLanguage();
  const t = useFinanceText();
  const money = useMoney();
  const ui = useUi();
  /** "750.00 of 1,500.00 paid" beside a status that says Unpaid while part is paid; nothing otherwise. */
  const partPaid = (r: Row, testId: string) =>
    paidState(r.paid_amount, r.amount) === 'part' ? (
      <Typography variant="body2" color="warning.dark" data-testid={testId}>
        {paidText(r.paid_amount, r.amount, language, (v) => ui('paidOfPaid', v))}
      </Typography>
    ) : null;
  const { subject } = useSession();
  const id = params.id;
  const student = !!subject && can(subject, 'access_student');
  const invoice = useResource<Row>(id ? `/payments/${encodeURIComponent(id)}` : undefined);
  const parts = useInstallments(id);
  const balance = useResource<{ balance: number; currency_id: number }>(
    student ? '/credit-transactions/balance' : undefined,
  );
  const university = useResource<Record<string, unknown>>('/university/data', { raw: true });
  const [busy, setBusy] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());
  // Set synchronously: a second click in the same task comes before React re-renders `busy`,
  // and would otherwise send (and toast) the same payment twice.
  const inFlight = useRef(false);

  const reload = useCallback(() => {
    invoice.reload();
    parts.reload();
    balance.reload();
  }, [invoice, parts, balance]);

  const pay = async (way: Way, installment: number | null) => {
    const slot = `${way}:${installment ?? 'all'}`;
    if (busy || inFlight.current) return;
    inFlight.current = true;
    // One key per button until it succeeds: a retry after a network failure is the same payment.
    const key = keys.current.get(slot) ?? `${id}-${slot}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    keys.current.set(slot, key);
    const suffix = installment ? `/${installment}` : '';
    const config = { headers: { 'Idempotency-Key': key } };
    setBusy(slot);
    try {
      if (way === 'wallet') {
        await api.post(`/payments/pay/${id}${suffix}`, undefined, config);
        toast.success();
        keys.current.delete(slot);
        reload();
      } else if (way === 'bank') {
        await api.post(`/payments/${id}`, { installment_id: installment, payment_option_id: 5 }, config);
        toast.success(t('bankSent'));
        keys.current.delete(slot);
        reload();
      } else {
        const answer = await api.post<{ data: Started }>(
          `/payments/pay-with-provider/${id}${suffix}`,
          { method: way === 'card' ? 'credit_card' : 'voucher' },
          config,
        );
        keys.current.delete(slot);
        const started = answer.data;
        if (way === 'voucher' || !goToProvider(started.redirect_url)) {
          void navigate(
            hrefFor(manifest, 'payment-info', { id: started.reference }) ?? `/payment-info/${started.reference}`,
          );
        }
      }
    } catch {
      // the API client has shown the error
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const row = invoice.data;
  const open = parts.rows.filter((p) => Number(p.paid_amount) < Number(p.amount));
  const flags = university.data ?? {};
  const card = flags.pay_with_credit_card === 'true';
  const voucher = flags.pay_with_fawry === 'true' || flags.pay_with_voucher === 'true';
  const statusTable = manifest.statusTables.payment_status;
  const installmentTable = manifest.statusTables.installment;
  const billing = manifest.statusTables.billing_kind;

  const buttons = (installment: number | null, egp: boolean) => (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {egp && (
        <Button size="small" variant="contained" disabled={!!busy} onClick={() => void pay('wallet', installment)}>
          {t('payWallet')}
        </Button>
      )}
      {card && (
        <Button size="small" variant="outlined" disabled={!!busy} onClick={() => void pay('card', installment)}>
          {t('payCard')}
        </Button>
      )}
      {voucher && (
        <Button size="small" variant="outlined" disabled={!!busy} onClick={() => void pay('voucher', installment)}>
          {t('payVoucher')}
        </Button>
      )}
      <Button size="small" disabled={!!busy} onClick={() => void pay('bank', installment)}>
        {t('payBank')}
      </Button>
    </Stack>
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {label(screen.title)}
        </Typography>
        {balance.data && (
          <Chip
            data-testid="credit-balance"
            color="success"
            variant="outlined"
            label={`${t('balance')}: ${money(balance.data.balance, balance.data.currency_id)}`}
          />
        )}
        {student && (
          <Button component={RouterLink} to={hrefFor(manifest, 'credit-charge') ?? '/my_credit/charge'}>
            {t('charge')}
          </Button>
        )}
      </Stack>
      {(invoice.loading || parts.loading || busy) && <LinearProgress />}
      {!invoice.loading && !row && <Alert severity="warning">{t('notFound')}</Alert>}
      {row && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography variant="h6" component="h2">
                  {t('invoice')} <bdi>{String(row.code ?? row.id)}</bdi>
                </Typography>
                {billing && <StatusBadge table={billing} value={row.billing_kind_id} language={language} />}
                {statusTable && <StatusBadge table={statusTable} value={row.status_id} language={language} />}
                {partPaid(row, 'invoice-part-paid')}
              </Stack>
              <Typography>
                {t('amount')}: <bdi>{money(row.amount, row.currency_id)}</bdi> · {t('paid')}:{' '}
                <bdi>{money(row.paid_amount, row.currency_id)}</bdi>
              </Typography>
              {params.amount && (
                <Typography>
                  {t('amountGiven')}: <bdi>{money(params.amount, row.currency_id)}</bdi>
                </Typography>
              )}
              <ScrollCue>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('installment')}</TableCell>
                      <TableCell>{t('amount')}</TableCell>
                      <TableCell>{t('left')}</TableCell>
                      <TableCell>{t('due')}</TableCell>
                      <TableCell>{t('status')}</TableCell>
                      {student && <TableCell />}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {parts.rows.map((p) => {
                      const left = Number(p.amount) - Number(p.paid_amount);
                      return (
                        <TableRow key={String(p.id)} data-testid={`installment-${String(p.installment_id)}`}>
                          <TableCell>
                            {installmentTable ? (
                              <StatusBadge table={installmentTable} value={p.installment_id} language={language} />
                            ) : (
                              String(p.installment_id)
                            )}
                          </TableCell>
                          <TableCell sx={ONE_LINE}>
                            <bdi>{money(p.amount, p.currency_id)}</bdi>
                          </TableCell>
                          <TableCell sx={ONE_LINE}>
                            <bdi>{money(Math.max(left, 0), p.currency_id)}</bdi>
                          </TableCell>
                          <TableCell sx={ONE_LINE}>
                            <bdi>{formatValue(p.due_date, 'date', 'date', language)}</bdi>
                          </TableCell>
                          <TableCell>
                            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                              {statusTable && (
                                <StatusBadge table={statusTable} value={p.status_id} language={language} />
                              )}
                              {partPaid(p, 'installment-part-paid')}
                            </Stack>
                          </TableCell>
                          {student && (
                            <TableCell>
                              {left > 0 && buttons(Number(p.installment_id), Number(p.currency_id) === 1)}
                            </TableCell>
                          )}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </ScrollCue>
              {student && open.length > 1 && (
                <Stack spacing={1}>
                  <Typography variant="subtitle2">{t('payAll')}</Typography>
                  {buttons(null, Number(row.currency_id) === 1)}
                </Stack>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

/** The invoice's installments, in order (POST /installments filtered by payment_id). */
function useInstallments(id: string | undefined) {
  const api = useApi();
  const [state, setState] = useState<{ rows: Row[]; loading: boolean }>({ rows: [], loading: !!id });
  const load = useCallback(() => {
    if (!id) return;
    setState((s) => ({ ...s, loading: true }));
    api
      .post<{ data: Row[] }>('/installments', {
        filters: { payment_id: Number(id) },
        sort: { field: 'installment_id', order: 'asc' },
        perPage: 10,
      })
      .then(
        (answer) => setState({ rows: answer.data ?? [], loading: false }),
        () => setState({ rows: [], loading: false }),
      );
  }, [api, id]);
  useEffect(load, [load]);
  return { ...state, reload: load };
}
