import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = {
  neutral: 'border-border bg-muted text-muted-foreground',
  primary: 'border-primary/40 bg-primary/15 text-primary',
  success: 'border-success/40 bg-success/15 text-success',
  danger: 'border-danger/40 bg-danger/15 text-danger-text',
  warning: 'border-warning/40 bg-warning/15 text-warning',
} as const;

export type BadgeProps = ComponentProps<'span'> & { variant?: keyof typeof variants };

export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
