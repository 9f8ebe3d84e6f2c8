import { fieldErrorProps, FormField } from './form-field.tsx';
import { Input } from './input.tsx';

/** A required e-mail field (label, input with the e-mail autofill hint, field error) of the account forms. */
export function EmailField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldErrorProps(id, error)}
      />
    </FormField>
  );
}
