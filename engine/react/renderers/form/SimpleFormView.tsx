/**
 * The light MUI view of a simple flat form (see simple-form.ts): the same controller, schema,
 * rules, keystroke filters and server field errors as `FormView`, drawn with plain MUI inputs,
 * so sign-in and the other small forms load neither RJSF nor ajv. Text inputs are built from
 * FormControl and OutlinedInput (what TextField draws, without its Select and menus); check
 * boxes, selects and radio buttons load with the first form that has one. Ids follow RJSF's
 * (`root_<field>`), so both views look the same to tests and to password managers.
 */
import { Suspense, useMemo, useState, type FormEvent } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  LinearProgress,
  OutlinedInput,
  Stack,
} from '@mui/material';
import { applyKeystrokeFilter } from '../../../core/keystroke.ts';
import { useLanguage, useUi } from '../../i18n/hooks.ts';
import { lazyNamed } from '../../lazy.ts';
import type { FormViewProps } from './FormView.tsx';
import { WIDGET, type Record_ } from './form-model.ts';
import { inputDirectionProps } from './input-direction.ts';
import { choicesOf, extraErrorMessages, validateSimpleForm, type FieldErrors } from './simple-form.ts';

export interface SimpleFieldProps {
  name: string;
  schema: RJSFSchema;
  ui: UiSchema;
  value: unknown;
  required: boolean;
  disabled: boolean;
  errors: string[] | undefined;
  onChange: (value: unknown) => void;
}

const ChoiceField = lazyNamed<SimpleFieldProps, 'ChoiceField'>(() => import('./SimpleChoiceField.tsx'), 'ChoiceField');

/** The helper line: the errors, one per line, else the field's description. */
export function helperText(errors: string[] | undefined, description: string | undefined) {
  if (!errors?.length) return description;
  return errors.map((e) => (
    <span key={e} style={{ display: 'block' }}>
      {e}
    </span>
  ));
}

function TextInput({ name, schema, ui, value, required, disabled, errors, onChange }: SimpleFieldProps) {
  const id = `root_${name}`;
  const widget = ui['ui:widget'] as string | undefined;
  const options = (ui['ui:options'] ?? {}) as { allow?: string; rows?: number; inputType?: string };
  const label = schema.title ?? name;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const allow = widget === WIDGET.filtered ? options.allow : undefined;
  const type = numeric
    ? 'number'
    : (options.inputType ??
      (widget === 'password' || widget === 'email' ? widget : widget === 'phone' ? 'tel' : 'text'));
  const rows = widget === 'textarea' ? (options.rows ?? 4) : options.rows;
  const helper = helperText(errors, schema.description);
  const direction = inputDirectionProps(
    { type, schemaType: schema.type, format: schema.format, allow: options.allow },
    useLanguage(),
  );
  return (
    <FormControl fullWidth variant="outlined" required={required} disabled={disabled} error={!!errors?.length}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={ui['ui:autocomplete'] as string | undefined}
        multiline={rows !== undefined}
        minRows={rows}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => {
          const text = allow ? applyKeystrokeFilter(e.target.value, allow) : e.target.value;
          if (text === '') onChange(undefined);
          else onChange(numeric ? Number(text) : text);
        }}
        inputProps={{
          ...direction,
          maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : undefined,
          'aria-describedby': helper ? `${id}-helper-text` : undefined,
        }}
      />
      {helper && <FormHelperText id={`${id}-helper-text`}>{helper}</FormHelperText>}
    </FormControl>
  );
}

function SimpleField(props: SimpleFieldProps) {
  if (props.ui['ui:widget'] === 'hidden') {
    return (
      <input
        type="hidden"
        id={`root_${props.name}`}
        name={props.name}
        value={props.value === undefined ? '' : String(props.value)}
      />
    );
  }
  if (props.schema.type === 'boolean' || choicesOf(props.schema)) {
    return (
      <Suspense fallback={<LinearProgress />}>
        <ChoiceField {...props} />
      </Suspense>
    );
  }
  return <TextInput {...props} />;
}

export function SimpleFormView({ controller, submitLabel, extraButtons, wideSubmit = false }: FormViewProps) {
  const ui = useUi();
  const { schema, uiSchema, formData, setFormData, submitting } = controller;
  const [errors, setErrors] = useState<FieldErrors>({});
  const properties = useMemo(() => Object.entries(schema.properties ?? {}) as [string, RJSFSchema][], [schema]);
  const required = new Set(schema.required ?? []);
  // RJSF fills schema defaults into the record; so does this view.
  const data = useMemo(() => {
    const out: Record_ = { ...formData };
    for (const [name, property] of properties)
      if (out[name] === undefined && property.default !== undefined) out[name] = property.default;
    return out;
  }, [formData, properties]);
  const server = extraErrorMessages(controller.extraErrors);

  if (controller.loading) return <LinearProgress aria-label={ui('loading')} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSimpleForm(controller, data);
    setErrors(found);
    if (Object.keys(found).length === 0) void controller.submit(data);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        {properties.map(([name, property]) => (
          <SimpleField
            key={name}
            name={name}
            schema={property}
            ui={(uiSchema[name] ?? {}) as UiSchema}
            value={data[name]}
            required={required.has(name)}
            disabled={submitting}
            errors={[...(errors[name] ?? []), ...(server[name] ?? [])]}
            onChange={(value) => {
              setFormData({ ...data, [name]: value });
              if (errors[name]) setErrors(({ [name]: _dropped, ...rest }) => rest);
            }}
          />
        ))}
      </Stack>
      <Box sx={{ mt: wideSubmit ? 2 : 3 }}>
        <Stack direction="row" spacing={1.5}>
          {extraButtons}
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            fullWidth={wideSubmit}
            size={wideSubmit ? 'large' : 'medium'}
          >
            {submitLabel ?? ui('save')}
          </Button>
        </Stack>
      </Box>
    </form>
  );
}
