/** Drawn when no registered renderer fits a screen: says so, with the view and screen name. */
import { Alert, AlertTitle } from '@mui/material';
import { useUi } from '../i18n/hooks.ts';
import type { RendererProps } from '../registry/registry.ts';

export function UnknownRenderer({ screen }: RendererProps) {
  const ui = useUi();
  return (
    <Alert severity="warning" data-testid="unknown-renderer">
      <AlertTitle>{ui('unknownScreen')}</AlertTitle>
      {ui('unknownScreenHint', { view: screen.view, name: screen.name })}
    </Alert>
  );
}
