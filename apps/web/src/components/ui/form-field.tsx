import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Label } from './label.tsx';

/** The id of a field's error text, for the control's aria-describedby. */
export const fieldErrorId = (controlId: string) => `${controlId}-error`;
/** The id of a field's hint, for the control's aria-describedby when the hint matters to it. */
export const fieldHintId = (controlId: string) => `${controlId}-hint`;

/** Label + control + optional hint or error, stacked; `htmlFor` ties the label to the control. */
export function FormField({
  label,
  htmlFor,
  hint,
  error,
  children,
  className,
}: {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <p id={fieldErrorId(htmlFor)} className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={fieldHintId(htmlFor)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying a control to its FormField error. */
export function fieldErrorProps(controlId: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(controlId) } : {};
}
