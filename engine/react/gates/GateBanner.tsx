/**
 * The warning at the top of a screen that names a gated action (`gate:` in its YAML), shown while
 * that action's gate is closed for the user: the message the server's refusal would give, and a
 * button that does what the refusal would do (to payments, confined to the payment screens until
 * the invoices are paid; or to the dashboard). Drawn by the screen
 * frame (`<ScreenRenderer>`) for every view kind; nothing for a screen without `gate`.
 */
import { Alert, Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import type { Screen } from '../../../generator/manifest-types.ts';
import { GATE_TEXTS, gateOutcome } from '../../core/gates.ts';
import { localize } from '../../core/text.ts';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useSetOnlyPayments } from '../data/OnlyPaymentsProvider.tsx';
import { useLanguage } from '../i18n/hooks.ts';
import { hrefFor } from '../router/paths.ts';
import { useClosedGate } from './useClosedGate.ts';

export function GateBanner({ screen }: { screen: Pick<Screen, 'gate'> }) {
  const gate = useClosedGate(screen.gate);
  const manifest = useManifest();
  const language = useLanguage();
  const navigate = useNavigate();
  const setOnlyPayments = useSetOnlyPayments();
  if (!gate) return null;
  const outcome = gateOutcome(gate, language);
  const href = hrefFor(manifest, outcome.to.name);
  // As the refusal would: confined to the payment screens until paid (payments), or not (dashboard).
  const follow = (to: string) => {
    if (outcome.onlyPayments !== 'keep') setOnlyPayments(outcome.onlyPayments === 'set');
    navigate(to);
  };
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="gate-banner"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        href ? (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            data-testid="gate-banner-go"
            onClick={() => follow(href)}
          >
            {localize(GATE_TEXTS[gate.redirect_to], language)}
          </Button>
        ) : undefined
      }
    >
      {gate.message}
    </Alert>
  );
}
