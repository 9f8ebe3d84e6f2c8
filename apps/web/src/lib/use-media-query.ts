import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it the screen is a phone's. */
export const WIDE_SCREEN_QUERY = '(min-width: 640px)';

/** Whether a media query matches now, updated as it changes; `fallback` where there is no matchMedia. */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
