import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

// Toasts answer something the user did or a page's data call; the landing has neither on its first paint,
// so sonner (~9 KB gzip) loads with the first page that fetches, the first pointer or key press, or a
// session restored at start-up (landing budget). sonner replays toasts raised before its
// Toaster subscribed, so nothing said in the meantime is lost.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

let isRequested = false;
const listeners = new Set<() => void>();

/** Mounts the Toaster from now on (idempotent). */
export function requestToaster(): void {
  if (isRequested) return;
  isRequested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function DeferredToaster() {
  const isNeeded = useSyncExternalStore(
    subscribe,
    () => isRequested,
    () => false,
  );
  useEffect(() => {
    if (isNeeded) return;
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', requestToaster, options);
    window.addEventListener('keydown', requestToaster, options);
    return () => {
      window.removeEventListener('pointerdown', requestToaster, options);
      window.removeEventListener('keydown', requestToaster, options);
    };
  }, [isNeeded]);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      {/* Success toasts stay 5 s. */}
      <Toaster
        theme="dark"
        position="top-right"
        richColors
        closeButton
        duration={5000}
        offset={{ top: 64 }}
        mobileOffset={{ top: 64 }}
      />
    </Suspense>
  );
}
