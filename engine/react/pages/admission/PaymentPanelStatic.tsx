/** The fees of an application as staff read them: amounts, status badges and whether a payment is due (no buttons). */
import { Alert, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLabel } from '../../i18n/hooks.ts';
import type { ApplicantDashboard } from './admission-api.ts';
import { useMoney } from '../finance/money.ts';
import { paymentDue } from './payment.ts';
import { FeeStatusChip } from './FeeStatusChip.tsx';
import { useAdmissionText } from './texts.ts';

export function PaymentPanelStatic({
  dashboard,
}: {
  dashboard: Pick<ApplicantDashboard, 'fees' | 'payment_due' | 'status' | 'require_payment' | 'early'>;
}) {
  const money = useMoney();
  const label = useLabel();
  const t = useAdmissionText();
  const fees = dashboard.fees ?? [];
  const due = paymentDue(dashboard);
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('fees')}
      </Typography>
      {fees.length === 0 ? (
        <Typography color="text.secondary">{t('noFees')}</Typography>
      ) : (
        <Table size="small" aria-label={t('fees')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fee')}</TableCell>
              <TableCell>{t('amount')}</TableCell>
              <TableCell>{t('feeStatus')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fees.map((fee) => (
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
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Alert severity={due ? 'warning' : 'success'}>{due ? t('applicationPaymentDue') : t('paymentNotDue')}</Alert>
    </Stack>
  );
}
