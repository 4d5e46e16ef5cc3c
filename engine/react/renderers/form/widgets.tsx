/**
 * RJSF widgets of the engine: a text box that applies a keystroke filter (engine/core) to what
 * is typed or pasted, a date picker (YYYY-MM-DD values), and a file upload that checks the
 * spec's limits before reading anything.
 */
import { useState, type ChangeEvent } from 'react';
import { getInputProps, getTemplate, type RegistryWidgetsType, type WidgetProps } from '@rjsf/utils';
import { Autocomplete, Box, Button, FormHelperText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { usePathOptions, useRefOptions } from '../useRefOptions.ts';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { DATE_INPUT_FORMAT } from '../../../core/dates.ts';
import type { FileStore, UploadRule } from '../../../../generator/manifest-types.ts';
import { applyKeystrokeFilter } from '../../../core/keystroke.ts';
import { listJoin } from '../../../core/text.ts';
import { useLanguage, useUi } from '../../i18n/hooks.ts';
import { acceptAttribute, checkFiles, type UploadProblem } from './upload-rules.ts';
import { WIDGET } from './form-model.ts';
import { inputDirectionProps } from './input-direction.ts';
import { RecordFilesField } from './RecordFilesField.tsx';
import { ServerUploadField } from './ServerUploadField.tsx';
import { fileNameOf, useUploadTarget } from './upload-target.tsx';

export function FilteredTextWidget(props: WidgetProps) {
  const {
    id,
    value,
    required,
    disabled,
    readonly,
    label,
    onChange,
    onBlur,
    onFocus,
    options,
    rawErrors,
    placeholder,
    autofocus,
    schema,
  } = props;
  const allow = typeof options.allow === 'string' ? options.allow : undefined;
  const rows = typeof options.rows === 'number' ? options.rows : undefined;
  const inputType = typeof options.inputType === 'string' ? options.inputType : 'text';
  const direction = inputDirectionProps(
    { type: inputType, schemaType: schema.type, format: schema.format, allow },
    useLanguage(),
  );
  return (
    <TextField
      id={id}
      fullWidth
      label={label}
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder}
      autoFocus={autofocus}
      type={inputType}
      autoComplete={options.autocomplete}
      multiline={rows !== undefined}
      minRows={rows}
      value={value ?? ''}
      error={!!rawErrors?.length}
      onChange={(e) => {
        const text = allow ? applyKeystrokeFilter(e.target.value, allow) : e.target.value;
        onChange(text === '' ? options.emptyValue : text);
      }}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      slotProps={{
        htmlInput: { ...direction, maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : undefined },
      }}
    />
  );
}

/**
 * RJSF's own text, text area, e-mail, address and number widgets, drawn by the theme's
 * `BaseInputTemplate` as before, with the input's direction (input-direction.ts).
 */
function directedInput(type: string | undefined, multiline: boolean) {
  return function DirectedInputWidget(props: WidgetProps) {
    const { options, registry, schema } = props;
    const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
    const direction = inputDirectionProps(
      { type: getInputProps(schema, type, options).type, schemaType: schema.type, format: schema.format },
      useLanguage(),
    );
    const rows = typeof options.rows === 'string' || typeof options.rows === 'number' ? options.rows : 5;
    return (
      <BaseInputTemplate
        {...(type ? { type } : {})}
        {...props}
        {...(multiline ? { multiline: true, rows } : {})}
        slotProps={{ htmlInput: direction }}
      />
    );
  };
}

export function DateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, onChange, rawErrors } = props;
  const parsed = typeof value === 'string' && value ? dayjs(value) : null;
  return (
    <DatePicker
      label={label}
      value={parsed && parsed.isValid() ? parsed : null}
      format={DATE_INPUT_FORMAT}
      disabled={disabled || readonly}
      onChange={(d) => onChange(d && d.isValid() ? d.format('YYYY-MM-DD') : undefined)}
      slotProps={{ textField: { id, required, fullWidth: true, error: !!rawErrors?.length } }}
    />
  );
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function withName(dataUrl: string, name: string): string {
  return dataUrl.replace(/^data:([^;,]*)/, (_m, type: string) => `data:${type};name=${encodeURIComponent(name)}`);
}

export function UploadWidget(props: WidgetProps) {
  const target = useUploadTarget();
  const rule = (props.options.upload ?? undefined) as UploadRule | undefined;
  // A record's file field: files go to the uploads store, the value lists their references.
  const store = props.options.store as FileStore | undefined;
  if (store)
    return (
      <RecordFilesField
        id={props.id}
        label={props.label}
        required={!!props.required}
        disabled={!!props.disabled || !!props.readonly}
        value={props.value}
        store={store}
        onChange={(v) => props.onChange(v)}
      />
    );
  // A page storing files on the server as they are chosen (one file per field).
  if (target && rule?.maxFiles === undefined) {
    return (
      <ServerUploadField
        id={props.id}
        field={props.name}
        label={props.label}
        required={!!props.required}
        disabled={!!props.disabled || !!props.readonly}
        value={props.value}
        rule={rule}
        target={target}
        onChange={(v) => props.onChange(v)}
      />
    );
  }
  return <DataUrlUploadWidget {...props} />;
}

/** Without an upload target: the file is read into the form's values and sent with the form. */
function DataUrlUploadWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, onChange, options } = props;
  const ui = useUi();
  const language = useLanguage();
  const rule = (options.upload ?? undefined) as UploadRule | undefined;
  const multiple = rule?.maxFiles !== undefined || Array.isArray(value);
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const describe = (p: UploadProblem): string =>
    p.kind === 'too-many'
      ? ui('tooManyFiles', { max: p.max })
      : p.kind === 'too-large'
        ? `${p.file}: ${ui('fileTooLarge', { max: p.maxMB })}`
        : `${p.file}: ${ui('fileTypeRefused', { types: listJoin(p.accept, language) })}`;
  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const found = checkFiles(files, rule);
    setProblems(found);
    if (found.length || files.length === 0) return;
    const urls = await Promise.all(files.map(async (f) => withName(await readDataUrl(f), f.name)));
    onChange(multiple ? urls : urls[0]);
  };
  const names = (Array.isArray(value) ? value : value ? [value] : []).map(fileNameOf);
  return (
    <Box>
      <Typography variant="body2" component="label" htmlFor={id} sx={{ display: 'block', mb: 0.5 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<CloudUpload />} disabled={disabled || readonly}>
          {ui('chooseFile')}
          <input
            id={id}
            hidden
            type="file"
            multiple={multiple}
            accept={acceptAttribute(rule)}
            onChange={(e) => void onFiles(e)}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" noWrap>
          {listJoin(names, language)}
        </Typography>
      </Stack>
      {problems.map((p, i) => (
        <FormHelperText key={i} error>
          {describe(p)}
        </FormHelperText>
      ))}
    </Box>
  );
}

/**
 * A foreign key chosen by name from the referenced entity's rows, or from the rows a server call
 * answers (`path`: only those this user may choose); typed to search with `search`.
 */
export function RefSelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, onChange, options, rawErrors, schema } = props;
  const where =
    options.where && typeof options.where === 'object' ? (options.where as Record<string, unknown>) : undefined;
  const path = typeof options.path === 'string' ? options.path : undefined;
  const fromPath = usePathOptions(path, typeof options.key === 'string' ? options.key : undefined);
  const fromRef = useRefOptions(path ? undefined : typeof options.ref === 'string' ? options.ref : undefined, where);
  const refOptions = (path ? fromPath : fromRef) ?? [];
  const numeric = schema.type === 'integer' || schema.type === 'number';
  if (options.search) {
    const selected = refOptions.find((o) => value !== undefined && value !== null && o.value === String(value)) ?? null;
    return (
      <Autocomplete
        id={id}
        options={refOptions}
        value={selected}
        disabled={disabled || readonly}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        getOptionLabel={(o) => o.label}
        onChange={(_e, o) => onChange(o ? (numeric ? Number(o.value) : o.value) : undefined)}
        renderInput={(params) => (
          <TextField {...params} label={label} required={required} error={!!rawErrors?.length} />
        )}
      />
    );
  }
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      required={required}
      disabled={disabled || readonly}
      error={!!rawErrors?.length}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : numeric ? Number(e.target.value) : e.target.value)}
    >
      {/* a required choice cannot be emptied again: no "none" entry to pick */}
      {!required && <MenuItem value="">—</MenuItem>}
      {refOptions.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export const engineWidgets: RegistryWidgetsType = {
  TextWidget: directedInput(undefined, false),
  TextareaWidget: directedInput(undefined, true),
  EmailWidget: directedInput('email', false),
  URLWidget: directedInput('url', false),
  UpDownWidget: directedInput('number', false),
  [WIDGET.ref]: RefSelectWidget,
  [WIDGET.filtered]: FilteredTextWidget,
  [WIDGET.date]: DateWidget,
  [WIDGET.upload]: UploadWidget,
};
