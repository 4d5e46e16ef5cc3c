/** The plan: offerings chosen before the appointment, checked as they are added, submitted in one step once it opens. */
import { Button, Card, CardContent, CardHeader, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useLanguage } from '../../i18n/hooks.ts';
import { SlotText } from './shared.tsx';
import { localName, useText } from './texts.ts';
import type { RegistrationController } from './useRegistrationController.ts';

export function PlanCard({ controller: c }: { controller: RegistrationController }) {
  const t = useText();
  const language = useLanguage();
  // Submitting requests every course of the plan: a closed request gate refuses it, with its message.
  const gate = c.open.canRequest ? c.closed.request : null;
  const canSubmit = c.open.canRequest && c.plan.length > 0 && !c.pending.has('plan') && !gate;
  return (
    <Card variant="outlined" data-testid="plan-card">
      <CardHeader
        title={t('plan')}
        subheader={gate?.message}
        slotProps={{
          title: { variant: 'subtitle1', component: 'h2' },
          subheader: { variant: 'caption', color: 'error' },
        }}
        action={
          <Button
            variant="contained"
            disabled={!canSubmit}
            onClick={() => void c.submitPlan()}
            data-testid="submit-plan"
          >
            {t('submitPlan')}
          </Button>
        }
      />
      <CardContent>
        {c.plan.length === 0 ? (
          <Typography color="text.secondary">{t('planEmpty')}</Typography>
        ) : (
          <List dense>
            {c.plan.map((p) => (
              <ListItem
                key={p.id}
                secondaryAction={
                  <Button
                    size="small"
                    disabled={c.pending.has(`p${p.offering_id}`)}
                    onClick={() => void c.removeFromPlan(p.offering_id)}
                  >
                    {t('remove')}
                  </Button>
                }
              >
                <ListItemText
                  primary={
                    <>
                      <bdi dir="ltr">{p.course.code}</bdi> {localName(p.course, language)}{' '}
                      <bdi dir="ltr">{p.section_code ?? ''}</bdi>
                    </>
                  }
                  secondary={
                    <Stack component="span">
                      {(p.slots ?? []).map((s, i) => (
                        <SlotText key={i} slot={s} />
                      ))}
                    </Stack>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
