/** The MUI view of a form: @rjsf/mui with the engine's widgets and the controller's validation. */
import type { ReactNode } from 'react';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import { Box, Button, LinearProgress, Stack } from '@mui/material';
import { useUi } from '../../i18n/hooks.ts';
import type { Record_ } from './form-model.ts';
import type { FormController } from './useFormController.ts';
import { engineWidgets } from './widgets.tsx';

export function FormView({ controller, submitLabel, extraButtons }: { controller: FormController; submitLabel?: string; extraButtons?: ReactNode }) {
  const ui = useUi();
  if (controller.loading) return <LinearProgress aria-label={ui('loading')} />;
  return (
    <Form<Record_>
      schema={controller.schema}
      uiSchema={controller.uiSchema}
      formData={controller.formData}
      validator={validator}
      widgets={engineWidgets}
      customValidate={controller.customValidate}
      transformErrors={controller.transformErrors}
      extraErrors={controller.extraErrors}
      showErrorList={false}
      noHtml5Validate
      onChange={(e) => controller.setFormData(e.formData ?? {})}
      onSubmit={(e) => void controller.submit(e.formData ?? {})}
      disabled={controller.submitting}
    >
      <Box sx={{ mt: 3 }}>
        <Stack direction="row" spacing={1.5}>
          {extraButtons}
          <Button type="submit" variant="contained" disabled={controller.submitting}>
            {submitLabel ?? ui('save')}
          </Button>
        </Stack>
      </Box>
    </Form>
  );
}
