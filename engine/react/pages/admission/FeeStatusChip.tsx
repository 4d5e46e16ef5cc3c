/**
 * A fee's status: the badge of its payment status as the server read it from the YAML's
 * payment_status table (`status_ref`: names and colour), or 'not due yet' for an unpaid fee of a
 * later stage (exam, final), which is not a payment status.
 */
import { Chip } from '@mui/material';
import { useLanguage } from '../../i18n/hooks.ts';
import { StatusRefBadge } from '../../renderers/cells.tsx';
import type { Fee } from './admission-api.ts';
import { feeNotDue } from './payment.ts';
import { useAdmissionText } from './texts.ts';

export function FeeStatusChip({ fee }: { fee: Fee }) {
  const language = useLanguage();
  const t = useAdmissionText();
  if (feeNotDue(fee)) return <Chip size="small" variant="outlined" label={t('notDue')} />;
  // Without the table (a manifest that does not declare payment_status) the status's key is all there is.
  return fee.status_ref ? (
    <StatusRefBadge status={fee.status_ref} language={language} />
  ) : (
    <Chip size="small" variant="outlined" label={fee.status} />
  );
}
