import { act, render, screen, waitFor } from '@testing-library/react';
import { EventSource } from 'eventsource';
import { sse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { network } from '../../../test/network.ts';
import { LiveMarketContext, useLiveSymbols, type LiveMarket } from '../hooks/live-market.ts';
import { LiveMarketProvider } from './live-market-provider.tsx';
import { MarketSourceBadge } from './market-source-badge.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client.ts';

const cache = { isFromCache: true, ageSeconds: 20 };

let isOnline = true;
function goOffline(offline: boolean) {
  isOnline = !offline;
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

beforeEach(() => {
  isOnline = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => isOnline);
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('pt-BR'));
});

/** The badge on a page whose stream is in `market`'s state. */
function renderBadge(market: Partial<LiveMarket>) {
  const value: LiveMarket = {
    mode: null,
    connection: null,
    request: null,
    register: () => () => {},
    ...market,
  };
  return render(
    <LiveMarketContext value={value}>
      <MarketSourceBadge source="binance" cache={cache} />
    </LiveMarketContext>,
  );
}

describe('the live badge', () => {
  it.each([
    ['pt-BR', 'Ao vivo', 'Reconectando…', 'Offline'],
    ['en', 'Live', 'Reconnecting…', 'Offline'],
    ['es', 'En vivo', 'Reconectando…', 'Sin conexión'],
  ])(
    'says in %s live, reconnecting and offline with the connection',
    async (language, live, reconnecting, offline) => {
      await act(() => i18n.changeLanguage(language));
      const view = renderBadge({ mode: 'live', connection: 'open' });
      expect(screen.getByText(live)).toBeInTheDocument();
      view.unmount();
      renderBadge({ mode: null, connection: 'reconnecting' });
      expect(screen.getByText(reconnecting)).toBeInTheDocument();
      expect(screen.queryByText(live)).toBeNull();
      act(() => goOffline(true));
      expect(screen.getByText(offline)).toBeInTheDocument();
      expect(screen.queryByText(reconnecting)).toBeNull();
    },
  );

  it('says offline, never live, while the browser has no network, even with the stream still open', () => {
    renderBadge({ mode: 'live', connection: 'open' });
    expect(screen.getByText('Ao vivo')).toBeInTheDocument();
    act(() => goOffline(true));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.queryByText('Ao vivo')).toBeNull();
    act(() => goOffline(false));
    expect(screen.getByText('Ao vivo')).toBeInTheDocument();
  });

  it('says the answer age when no stream was ever opened (the screens poll), not reconnecting', () => {
    renderBadge({ mode: null, connection: null });
    expect(screen.getByText('Cache · 20 s')).toBeInTheDocument();
  });
});

/** A coin's badge on a page with the real stream hook, the server's stream being MSW's. */
function Coin() {
  useLiveSymbols(['BTC']);
  return <MarketSourceBadge source="binance" cache={cache} />;
}

describe('the live badge follows the stream', () => {
  it('goes from live to reconnecting when the stream drops, and back to live once it reopens', async () => {
    vi.stubGlobal('EventSource', EventSource);
    const clients: { send: (event: string, data: unknown) => void; close: () => void }[] = [];
    network.use(
      sse<{ status: unknown }>('/api/market/stream', ({ client }) => {
        clients.push({
          send: (event, data) => client.send({ event: event as 'status', data: JSON.stringify(data) }),
          close: () => client.close(),
        });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LiveMarketProvider>
          <Coin />
        </LiveMarketProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Cache · 20 s')).toBeInTheDocument();
    await waitFor(() => expect(clients).toHaveLength(1), { timeout: 5000 });
    act(() => clients[0]!.send('status', { mode: 'live' }));
    expect(await screen.findByText('Ao vivo')).toBeInTheDocument();
    act(() => clients[0]!.close());
    expect(await screen.findByText('Reconectando…')).toBeInTheDocument();
    expect(screen.queryByText('Ao vivo')).toBeNull();
    // the browser reconnects by itself; the server's status makes it live again
    await waitFor(() => expect(clients).toHaveLength(2), { timeout: 10_000 });
    act(() => clients[1]!.send('status', { mode: 'live' }));
    expect(await screen.findByText('Ao vivo')).toBeInTheDocument();
  }, 30_000);
});
