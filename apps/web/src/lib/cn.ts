import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, letting later Tailwind utilities override earlier ones (variants + caller's className). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
