import { useEffect, useState, useSyncExternalStore } from 'react';

const TYPE_MS = 55;
const ERASE_MS = 30;
const HOLD_MS = 1800;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(listener: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;

/**
 * Types and erases the phrases in turn. Every phrase is laid out invisibly in the same grid cell, so the
 * box is as tall as the longest one from the first paint (no layout shift while typing). Readers get the
 * first phrase as plain text; with reduced motion it simply stays there.
 */
export function TypingText({ phrases, className }: { phrases: string[]; className?: string }) {
  const isReduced = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => true);
  const [state, setState] = useState({ index: 0, length: phrases[0]?.length ?? 0, erasing: false });

  useEffect(() => {
    if (isReduced || phrases.length < 2) return;
    const phrase = phrases[state.index] ?? '';
    const isFull = !state.erasing && state.length >= phrase.length;
    const delay = isFull ? HOLD_MS : state.erasing ? ERASE_MS : TYPE_MS;
    const timer = window.setTimeout(() => {
      setState((current) => {
        if (!current.erasing && current.length >= phrase.length) return { ...current, erasing: true };
        if (current.erasing && current.length <= 0)
          return { index: (current.index + 1) % phrases.length, length: 0, erasing: false };
        return { ...current, length: current.length + (current.erasing ? -1 : 1) };
      });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [state, phrases, isReduced]);

  const visible = isReduced ? (phrases[0] ?? '') : (phrases[state.index] ?? '').slice(0, state.length);
  return (
    <span className={`grid ${className ?? ''}`}>
      <span className="sr-only">{phrases[0]}</span>
      {phrases.map((phrase) => (
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
