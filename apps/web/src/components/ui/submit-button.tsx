import { Button, type ButtonProps } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** A form's main submit button: while the request runs it is disabled and shows a spinner and the pending label. */
export function SubmitButton({
  isPending,
  pendingLabel,
  disabled,
  children,
  size = 'lg',
  ...props
}: Omit<ButtonProps, 'type'> & { isPending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" size={size} disabled={isPending || disabled} {...props}>
      {isPending ? <Spinner className="text-current" label={pendingLabel} /> : null}
      {isPending ? pendingLabel : children}
    </Button>
  );
}
