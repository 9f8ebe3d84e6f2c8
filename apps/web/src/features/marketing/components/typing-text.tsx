import { useEffect, useState, useSyncExternalStore } from 'react';

const TYPE_MS = 55;
const ERASE_MS = 30;
const HOLD_MS = 1800;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
// below Tailwind's sm: a phone, where the phrases wrap to different heights
const narrowQuery = '(max-width: 639px)';

function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/**
 * Types and erases the phrases in turn. The phrases it shows are laid out invisibly in the same grid cell,
 * so the box has its final height from the first paint (no layout shift while typing). On a phone, where
 * phrases of different lengths wrap to different heights, it types the first phrase once and keeps it: the
 * reserved height is that phrase's, so no blank line is left under a shorter one. Readers get the first
 * phrase as plain text; with reduced motion it simply stays there.
 */
export function TypingText({ phrases, className }: { phrases: string[]; className?: string }) {
  const isReduced = useMediaQuery(reducedMotionQuery, true);
  const isNarrow = useMediaQuery(narrowQuery, false);
  const shown = isNarrow ? phrases.slice(0, 1) : phrases;
  // a phone starts from an empty line and types; a wider screen starts on the full first phrase
  const [state, setState] = useState(() => ({
    index: 0,
    length: window.matchMedia(narrowQuery).matches ? 0 : (phrases[0]?.length ?? 0),
    erasing: false,
  }));

  useEffect(() => {
    if (isReduced) return;
    const phrase = shown[state.index % shown.length] ?? '';
    const isFull = !state.erasing && state.length >= phrase.length;
    if (isFull && shown.length < 2) return;
    const delay = isFull ? HOLD_MS : state.erasing ? ERASE_MS : TYPE_MS;
    const timer = window.setTimeout(() => {
      setState((current) => {
        if (!current.erasing && current.length >= phrase.length) return { ...current, erasing: true };
        if (current.erasing && current.length <= 0)
          return { index: (current.index + 1) % shown.length, length: 0, erasing: false };
        return { ...current, length: current.length + (current.erasing ? -1 : 1) };
      });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [state, shown, isReduced]);

  const visible = isReduced
    ? (phrases[0] ?? '')
    : (shown[state.index % shown.length] ?? '').slice(0, state.length);
  return (
    <span className={`grid ${className ?? ''}`}>
      <span className="sr-only">{phrases[0]}</span>
      {shown.map((phrase) => (
        <span key={phrase} aria-hidden="true" className="invisible col-start-1 row-start-1">
          {phrase}
        </span>
      ))}
      <span aria-hidden="true" className="col-start-1 row-start-1">
        {visible}
        {isReduced ? null : (
          <span className="ml-0.5 inline-block w-[0.08em] animate-pulse bg-primary align-baseline">
            &nbsp;
          </span>
        )}
      </span>
    </span>
  );
}
