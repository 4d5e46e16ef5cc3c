/** Check boxes, selects and radio buttons of the light form view (loaded with the first form that has one). */
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { choicesOf } from './simple-form.ts';
import { helperText, type SimpleFieldProps } from './SimpleFormView.tsx';

export function ChoiceField({ name, schema, ui, value, required, disabled, errors, onChange }: SimpleFieldProps) {
  const id = `root_${name}`;
  const label = schema.title ?? name;
  const error = !!errors?.length;
  if (schema.type === 'boolean') {
    return (
      <FormControl error={error} required={required} disabled={disabled}>
        <FormControlLabel
          control={<Checkbox id={id} checked={value === true} onChange={(e) => onChange(e.target.checked)} />}
          label={`${label}${required ? ' *' : ''}`}
        />
        {error && <FormHelperText>{helperText(errors, undefined)}</FormHelperText>}
      </FormControl>
    );
  }
  const choices = choicesOf(schema) ?? [];
  const index = choices.findIndex((c) => c.value === value);
  const choose = (i: string) => onChange(i === '' ? undefined : choices[Number(i)]?.value);
  if (ui['ui:widget'] === 'radio') {
    return (
      <FormControl error={error} required={required} disabled={disabled}>
        <FormLabel id={`${id}-label`}>{label}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${id}-label`}
          name={id}
          value={index < 0 ? '' : String(index)}
          onChange={(e) => choose(e.target.value)}
        >
          {choices.map((c, i) => (
            <FormControlLabel key={i} value={String(i)} control={<Radio />} label={c.label} />
          ))}
        </RadioGroup>
        <FormHelperText>{helperText(errors, schema.description)}</FormHelperText>
      </FormControl>
    );
  }
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      helperText={helperText(errors, schema.description)}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => choose(e.target.value)}
    >
      {/* a required choice cannot be emptied again: no "none" entry to pick */}
      {!required && <MenuItem value="">—</MenuItem>}
      {choices.map((c, i) => (
        <MenuItem key={i} value={String(i)}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
