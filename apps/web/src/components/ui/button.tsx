import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = {
  primary: 'bg-primary text-primary-foreground not-disabled:hover:bg-primary-hover',
  secondary: 'bg-secondary text-secondary-foreground not-disabled:hover:bg-muted border border-border',
  outline: 'border border-border bg-transparent text-foreground not-disabled:hover:bg-muted',
  ghost: 'bg-transparent text-foreground not-disabled:hover:bg-muted',
  // red-700 under white text reads 6.5:1 (the lighter danger red would be 3.6:1, under WCAG AA)
  danger: 'bg-red-700 text-white not-disabled:hover:bg-red-800',
  link: 'bg-transparent text-primary underline-offset-4 not-disabled:hover:underline px-0',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-11 px-6 text-base gap-2',
  icon: 'h-10 w-10 p-0',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the child (e.g. a router Link) with the button's look instead of a <button>. */
  asChild?: boolean;
};

export function buttonClassName(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    // a disabled button looks it (dimmed, not-allowed cursor, no hover change: the variants' hover skips
    // disabled buttons); whoever disables one says why beside it and points there with aria-describedby
    'disabled:cursor-not-allowed disabled:opacity-50',
    'aria-disabled:pointer-events-none aria-disabled:opacity-50',
    '[&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
  );
}

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(buttonClassName(variant, size), className)}
      {...props}
    />
  );
}
