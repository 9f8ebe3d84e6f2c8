import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landingRoute, renderRoutes } from '../../../test/render.tsx';
import { MarkdownContent, renderMarkdown } from './markdown-content.tsx';

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

describe('MarkdownContent with hostile model output', () => {
  const hostile = [
    '<div style="position:fixed;inset:0;background:white" class="fixed inset-0 z-50" id="root" data-testid="overlay">',
    'Sua sessão expirou. <a href="https://evil.example/login" class="btn" id="login" name="login" data-coin-link>Entre de novo</a>',
    '</div>',
    '',
    '<a href="/admin" data-coin-link="">Veja BTC</a> <span style="color:red" data-x="1">alerta</span>',
    '',
    '```js',
    'const a = 1;',
    '```',
  ].join('\n');

  it('keeps no style, class, id, name or data-* attribute from the model', () => {
    const html = renderMarkdown(hostile);
    const template = document.createElement('template');
    template.innerHTML = html;
    const attributes = [...template.content.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.name),
    );
    expect(attributes.length).toBeGreaterThan(0);
    expect(attributes.filter((name) => /^(style|class|id|name|data-.*)$/.test(name))).toEqual([]);
    expect(template.content.textContent).toContain('Sua sessão expirou.');
  });

  it('opens a link the model marked as a coin link outside the app, never as an in-app navigation', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/chat', element: <MarkdownContent text={hostile} /> }, landingRoute('/admin')],
      '/chat',
    );
    const planted = screen.getByRole('link', { name: 'Veja BTC' });
    expect(planted).not.toHaveAttribute('data-coin-link');
    expect(planted).toHaveAttribute('target', '_blank');
    expect(screen.queryByTestId('overlay')).not.toBeInTheDocument();
    await user.click(planted);
    expect(screen.queryByText('landed on /admin')).not.toBeInTheDocument();
  });
});
