/**
 * A form's view chosen by the form itself, for pages that draw a YAML form inside their own
 * frame (sign-in, forgot and reset password): the light view when every field is simple,
 * else RJSF's view, loaded on demand with RJSF and ajv.
 */
import { Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import type { Form } from '../../../../generator/manifest-types.ts';
import { lazyNamed } from '../../lazy.ts';
import type { FormViewProps } from './FormView.tsx';
import { isSimpleForm } from './simple-form.ts';
import { SimpleFormView } from './SimpleFormView.tsx';

const FormView = lazyNamed(() => import('./FormView.tsx'), 'FormView');

export function FormViewFor({ form, ...props }: FormViewProps & { form: Pick<Form, 'fields'> }) {
  if (isSimpleForm(form)) return <SimpleFormView {...props} />;
  return (
    <Suspense fallback={<LinearProgress />}>
      <FormView {...props} />
    </Suspense>
  );
}
