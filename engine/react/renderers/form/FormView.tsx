/** The MUI view of a form: @rjsf/mui with the engine's widgets and the controller's validation, date pickers in the current language. */
import type { ReactNode } from 'react';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import { Box, Button, LinearProgress, Stack } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import { useLanguage, useUi } from '../../i18n/hooks.ts';
import type { FormController } from './useFormController.ts';
import { engineWidgets } from './widgets.tsx';
import { AddRowButton } from './AddRowButton.tsx';

export interface FormViewProps {
  controller: FormController;
  submitLabel?: string;
  extraButtons?: ReactNode;
  /** Sign-in pages: one wide button. */
  wideSubmit?: boolean;
}

const DEFAULTS = { constAsDefaults: 'skipOneOf' } as const;
const TEMPLATES = { ButtonTemplates: { AddButton: AddRowButton } };

export function FormView({ controller, submitLabel, extraButtons, wideSubmit = false }: FormViewProps) {
  const ui = useUi();
  const language = useLanguage();
  if (controller.loading) return <LinearProgress aria-label={ui('loading')} />;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language}>
      <Form
        schema={controller.schema}
        uiSchema={controller.uiSchema}
        formData={controller.formData}
        validator={validator}
        widgets={engineWidgets}
        templates={TEMPLATES}
        customValidate={controller.customValidate}
        transformErrors={controller.transformErrors}
        extraErrors={controller.extraErrors}
        showErrorList={false}
        noHtml5Validate
        // A choice is the user's: RJSF would take a choice list's first option as its default.
        experimental_defaultFormStateBehavior={DEFAULTS}
        onChange={(e) => controller.setFormData(e.formData ?? {})}
        onSubmit={(e) => void controller.submit(e.formData ?? {})}
        // The errors are shown on their fields; without a handler RJSF also logs every refused
        // submit to the console as an error, as if the page were broken.
        onError={() => undefined}
        disabled={controller.submitting}
      >
        <Box sx={{ mt: wideSubmit ? 2 : 3 }}>
          <Stack direction="row" spacing={1.5}>
            {extraButtons}
            <Button
              type="submit"
              variant="contained"
              disabled={controller.submitting}
              fullWidth={wideSubmit}
              size={wideSubmit ? 'large' : 'medium'}
            >
              {submitLabel ?? ui('save')}
            </Button>
          </Stack>
        </Box>
      </Form>
    </LocalizationProvider>
  );
}
