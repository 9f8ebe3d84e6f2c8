import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Full screen for one element: the Fullscreen API where the browser has it (Esc leaves, as the browser
 * decides), else `isOverlay` asks the element to cover the viewport itself and Esc leaves too (iPhone Safari
 * has no element full screen).
 */
export function useFullscreen(elementRef: RefObject<HTMLElement | null>) {
  const [isNative, setIsNative] = useState(false);
  const [isOverlay, setIsOverlay] = useState(false);

  useEffect(() => {
    const sync = () =>
      setIsNative(Boolean(elementRef.current) && document.fullscreenElement === elementRef.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [elementRef]);

  useEffect(() => {
    if (!isNative && !isOverlay) return;
    // browsers leave their full screen on Esc themselves; this covers the overlay and those that pass the key on
    const leave = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (document.fullscreenElement) void document.exitFullscreen();
      setIsOverlay(false);
    };
    document.addEventListener('keydown', leave);
    return () => document.removeEventListener('keydown', leave);
  }, [isNative, isOverlay]);

  useEffect(() => {
    if (!isOverlay) return;
    // the page under the overlay must not scroll behind it
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [isOverlay]);

  const toggle = useCallback(() => {
    const element = elementRef.current;
    if (!element) return;
    if (document.fullscreenElement === element) {
      void document.exitFullscreen();
      return;
    }
    if (isOverlay) {
      setIsOverlay(false);
      return;
    }
    if (document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      // refused (no user gesture, a policy): the overlay does the same job
      element.requestFullscreen().catch(() => setIsOverlay(true));
      return;
    }
    setIsOverlay(true);
  }, [elementRef, isOverlay]);

  return { isFullscreen: isNative || isOverlay, isOverlay, toggle };
}
