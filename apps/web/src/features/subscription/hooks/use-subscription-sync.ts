import { useEffect, useRef } from 'react';
import { useSyncSubscriptionMutation } from '../api/subscription-api.ts';

/** Opening settings triggers one subscription sync (once per visit, not per render). */
export function useSubscriptionSyncOnOpen(): void {
  const { mutate } = useSyncSubscriptionMutation();
  const hasSynced = useRef(false);
  useEffect(() => {
    if (hasSynced.current) return;
    hasSynced.current = true;
    mutate();
  }, [mutate]);
}
