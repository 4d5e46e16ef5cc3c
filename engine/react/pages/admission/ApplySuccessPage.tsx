/**
 * The success page /applyForm/success/{type}/{msg} (route applyForm-success). `msg` says what
 * succeeded: `submitted` (the application was sent) or `payment` (the payment provider sends the
 * browser here, since the form's own address holds the link's key, which the server never
 * stores): the payment started from this browser is checked once, and the way back to the form
 * is offered while the browser holds the applicant's link.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import { isApplicant } from '../../../core/session.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useSession } from '../../data/SessionProvider.tsx';
import type { RendererProps } from '../../registry/registry.ts';
import { hrefFor } from '../../router/paths.ts';
import { checkTransaction, pendingPaymentStore } from './payment.ts';
import { useAdmissionText } from './texts.ts';

type PaymentOutcome = 'checking' | 'paid' | 'pending' | 'failed' | undefined;

export function ApplySuccessPage({ params }: RendererProps) {
  const manifest = useManifest();
  const api = useApi();
  const t = useAdmissionText();
  const { user, loggedIn } = useSession();
  const applicant = loggedIn && isApplicant(user) ? user?.applicant : undefined;
  const payment = params.msg === 'payment';
  const [outcome, setOutcome] = useState<PaymentOutcome>(payment ? 'checking' : undefined);
  const [problem, setProblem] = useState<string | undefined>();
  const checked = useRef(false);
  const link = useMemo(
    () =>
      applicant
        ? { id: String(applicant.id), type: String(applicant.applicant_type_id), secret: applicant.secret }
        : undefined,
    [applicant?.id, applicant?.applicant_type_id, applicant?.secret], // eslint-disable-line react-hooks/exhaustive-deps
  );

  useEffect(() => {
    if (!payment || checked.current) return;
    checked.current = true;
    const pending = link ? pendingPaymentStore(window.sessionStorage, link.id) : undefined;
    const reference = pending?.get();
    if (!link || !reference) {
      setOutcome('pending');
      return;
    }
    checkTransaction(api, link, reference).then(
      (body) => {
        const answer = ((body as { data?: { status?: string; paid?: boolean } }).data ?? {}) as {
          status?: string;
          paid?: boolean;
        };
        pending?.clear();
        setOutcome(
          answer.paid || answer.status === 'paid' ? 'paid' : answer.status === 'failed' ? 'failed' : 'pending',
        );
      },
      (error: unknown) => {
        setProblem(error instanceof Error ? error.message : undefined);
        setOutcome('failed');
      },
    );
  }, [payment, link, api]);

  const backToForm = link
    ? hrefFor(manifest, 'admissionForm', {
        type: link.type,
        id: link.id,
        secretKey: link.secret,
        name: payment ? 'payment' : 'nationality',
      })
    : undefined;
  const mine = link
    ? hrefFor(manifest, 'applicant-information-form', { type: link.type, id: link.id, secretKey: link.secret })
    : undefined;
  const title = payment
    ? outcome === 'paid'
      ? t('paymentDone')
      : outcome === 'failed'
        ? t('paymentFailed')
        : t('paymentPending')
    : t('successTitle');
  return (
    <Card variant="outlined" sx={{ maxWidth: 720, mx: 'auto' }}>
      <CardContent>
        <Stack
          spacing={2}
          sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}
          data-apply-form-success={params.msg}
          data-payment-outcome={outcome}
        >
          {outcome === 'checking' ? (
            <LinearProgress sx={{ width: '60%' }} />
          ) : (
            <CheckCircle color={outcome === 'failed' ? 'disabled' : 'success'} sx={{ fontSize: 80 }} />
          )}
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {!payment && (
            <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
              {t('successText')}
            </Typography>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', justifyContent: 'center', rowGap: 1 }}>
            {payment && backToForm && (
              <Button component={RouterLink} to={backToForm} variant="contained" data-nav="back-to-form">
                {t('backToForm')}
              </Button>
            )}
            {mine && (
              <Button
                component={RouterLink}
                to={mine}
                variant={payment ? 'outlined' : 'contained'}
                data-nav="my-application"
              >
                {t('myApplication')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
