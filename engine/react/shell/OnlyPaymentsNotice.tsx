/**
 * Shown above the screen while the only-payments mode is on: why the menu holds only the
 * payment screens (the same text as the dialog the payments rule opened).
 */
import { Alert } from '@mui/material';
import { CORE_TEXTS, localize } from '../../core/text.ts';
import { useLanguage } from '../i18n/hooks.ts';

export function OnlyPaymentsNotice() {
  const language = useLanguage();
  return (
    <Alert severity="warning" data-testid="only-payments-notice" sx={{ mb: 2 }}>
      {localize(CORE_TEXTS.payDueInvoices, language)}
    </Alert>
  );
}
