import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = {
  info: { className: 'border-border bg-muted/60', Icon: Info, iconClassName: 'text-muted-foreground' },
  success: { className: 'border-success/40 bg-success/10', Icon: CircleCheck, iconClassName: 'text-success' },
  warning: {
    className: 'border-warning/40 bg-warning/10',
    Icon: TriangleAlert,
    iconClassName: 'text-warning',
  },
  danger: { className: 'border-danger/40 bg-danger/10', Icon: CircleAlert, iconClassName: 'text-danger' },
} as const;

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> & {
  variant?: keyof typeof variants;
  title?: ReactNode;
};

export function Alert({ variant = 'info', title, children, className, ...props }: AlertProps) {
  const { className: variantClassName, Icon, iconClassName } = variants[variant];
  return (
    <div
      role={variant === 'danger' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-md border p-3 text-sm', variantClassName, className)}
      {...props}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', iconClassName)} />
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className="text-muted-foreground">{children}</div> : null}
      </div>
    </div>
  );
}
