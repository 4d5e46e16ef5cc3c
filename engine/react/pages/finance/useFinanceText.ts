import { useCallback } from 'react';
import { useLabel } from '../../i18n/hooks.ts';
import { FINANCE_TEXT, type FinanceTextKey } from './finance-text.ts';

/** `t('payCard')` in the current language. */
export function useFinanceText(): (key: FinanceTextKey) => string {
  const label = useLabel();
  return useCallback((key: FinanceTextKey) => label(FINANCE_TEXT[key]), [label]);
}
