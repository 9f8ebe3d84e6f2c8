import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** The standard page width and gutters (pages that need full-bleed sections skip it). */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8', className)} {...props} />
  );
}
