import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputClassName =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background/60 px-3 py-2 text-sm text-foreground ' +
  'placeholder:text-muted-foreground/70 transition-colors focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}
