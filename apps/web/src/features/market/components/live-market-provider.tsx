import { MAX_STREAM_SYMBOLS } from '@farol/contract';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useCurrency } from '../../../lib/currency.ts';
import { LiveMarketContext, streamRequestOf, type LiveRegistration } from '../hooks/live-market.ts';
import { useMarketStream } from '../hooks/use-market-stream.ts';

/**
 * One market stream for a page: the table, the chart and the coin heading register the coins they show
 * (useLiveSymbols) and the provider follows all of them on one connection.
 */
export function LiveMarketProvider({ children }: { children: ReactNode }) {
  const currency = useCurrency();
  const [registrations, setRegistrations] = useState<ReadonlyMap<string, LiveRegistration>>(new Map());
  const register = useCallback((id: string, registration: LiveRegistration) => {
    setRegistrations((current) => new Map(current).set(id, registration));
    return () =>
      setRegistrations((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
  }, []);
  const request = useMemo(
    () => streamRequestOf(registrations.values(), currency, MAX_STREAM_SYMBOLS),
    [registrations, currency],
  );
  const { mode, connection } = useMarketStream(request);
  const value = useMemo(
    () => ({ mode, connection, request, register }),
    [mode, connection, request, register],
  );
  return <LiveMarketContext value={value}>{children}</LiveMarketContext>;
}
