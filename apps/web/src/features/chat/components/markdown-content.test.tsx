import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landingRoute, renderRoutes } from '../../../test/render.tsx';
import { MarkdownContent } from './markdown-content.tsx';

const answer = [
  '**BTC** sobe; ETH/USDT também. WBTC, btc e BTCUSDT ficam como estão.',
  '',
  'Em código: `SOL` e [o gráfico de LINK](https://example.com/LINK).',
  '',
  '```',
  'ADA = 1',
  '```',
].join('\n');

describe('MarkdownContent coin links', () => {
  it('links the analysed coins mentioned as whole upper-case words, outside code and links', () => {
    renderRoutes([{ path: '/chat', element: <MarkdownContent text={answer} /> }], '/chat');
    expect(screen.getByRole('link', { name: 'BTC' })).toHaveAttribute('href', '/coins/btc');
    expect(screen.getByRole('link', { name: 'ETH' })).toHaveAttribute('href', '/coins/eth');
    expect(screen.getByRole('link', { name: 'BTC' })).not.toHaveAttribute('target');
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['BTC', 'ETH', 'o gráfico de LINK']);
    expect(screen.getByRole('link', { name: 'o gráfico de LINK' })).toHaveAttribute('target', '_blank');
  });

  it('opens the coin page inside the app', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/chat', element: <MarkdownContent text="Veja BTC." /> }, landingRoute('/coins/btc')],
      '/chat',
    );
    await user.click(screen.getByRole('link', { name: 'BTC' }));
    expect(await screen.findByText('landed on /coins/btc')).toBeInTheDocument();
  });
});
