import { useState, type FormEvent } from 'react';
import { translateFieldErrors } from './form-errors.ts';

type Issue = { path: PropertyKey[]; message: string; code?: string };
type SafeParser<Data> = {
  safeParse(value: unknown): { success: true; data: Data } | { success: false; error: { issues: Issue[] } };
};

/**
 * The submit of a form validated by its contract schema: a second submit while one is pending is ignored, the
 * field errors are shown translated (labels name the fields), and only valid data reaches the mutation.
 */
export function useValidatedSubmit<Data>(
  schema: SafeParser<Data>,
  labels: Record<string, string>,
  mutation: { isPending: boolean; mutate: (data: Data) => void },
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  function submitWith(values: unknown) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (mutation.isPending) return;
      const parsed = schema.safeParse(values);
      setErrors(translateFieldErrors(parsed, labels));
      if (parsed.success) mutation.mutate(parsed.data);
    };
  }
  return { errors, submitWith };
}
