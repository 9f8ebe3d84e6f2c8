import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../lib/session.ts';
import { renderRoutes, sampleUser } from '../../test/render.tsx';
import { SiteLayout } from './site-layout.tsx';

const pages = ['/', '/about', '/dashboard', '/market-analysis', '/chat', '/alerts', '/coins/:symbol'];

function renderAt(path: string, { signedIn }: { signedIn: boolean }) {
  if (signedIn) saveSession('token-abc', sampleUser);
  else clearSession();
  return renderRoutes(
    [
      {
        element: <SiteLayout />,
        children: pages.map((page) => ({ path: page, element: <p>page {page}</p> })),
      },
    ],
    path,
  );
}

const publicNames = ['Sobre', 'Contato', 'Recursos', 'Preços'];
const sectionNames = ['Painel', 'Análise', 'Chat', 'Alertas'];

function linkNames(container: HTMLElement) {
  return within(container)
    .queryAllByRole('link')
    .map((link) => link.textContent);
}

describe('SiteLayout navigation', () => {
  it('signed in, the top bar lists the app sections with the current one marked and no public links', () => {
    renderAt('/market-analysis', { signedIn: true });
    const topBar = screen.getByRole('navigation', { name: 'Navegação principal' });
    for (const name of sectionNames) expect(within(topBar).getByRole('link', { name })).toBeVisible();
    expect(within(topBar).getByRole('link', { name: 'Análise' }).getAttribute('aria-current')).toBe('page');
    expect(within(topBar).getByRole('link', { name: 'Painel' }).getAttribute('aria-current')).toBeNull();
    for (const name of publicNames) expect(linkNames(screen.getByRole('banner'))).not.toContain(name);
  });

  it('signed in, the app pages end in one line: the risk disclaimer, the copyright and the public links', () => {
    renderAt('/dashboard', { signedIn: true });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('note').textContent).toMatch(/^Aviso de risco/);
    expect(within(footer).getByText(/© \d{4} Farol/)).toBeVisible();
    expect(linkNames(footer)).toEqual(publicNames);
    // no marketing footer (its product, company and legal groups) inside the app
    expect(within(footer).queryByRole('heading')).toBeNull();
  });

  it('signed in, the phone tab bar marks the current section and moves between sections', async () => {
    const user = userEvent.setup();
    renderAt('/chat', { signedIn: true });
    const tabBar = screen.getByRole('navigation', { name: 'Seções do app' });
    expect(linkNames(tabBar)).toEqual(sectionNames);
    expect(within(tabBar).getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(tabBar).getByRole('link', { name: 'Alertas' }));

    expect(await screen.findByText('page /alerts')).toBeVisible();
    expect(within(tabBar).getByRole('link', { name: 'Alertas' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabBar).getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBeNull();
  });

  it("marks the analysis on a coin's page, the coin's analysis screen", () => {
    renderAt('/coins/btc', { signedIn: true });
    const tabBar = screen.getByRole('navigation', { name: 'Seções do app' });
    expect(within(tabBar).getByRole('link', { name: 'Análise' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabBar).getByRole('link', { name: 'Painel' }).getAttribute('aria-current')).toBeNull();
  });

  it('signed in, the account menu keeps the profile, the settings and the logout', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard', { signedIn: true });
    await user.click(screen.getByRole('button', { name: /Menu da conta/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Configurações' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  });

  it('signed out, the top bar keeps the public links, login and sign-up, and there is no tab bar', () => {
    renderAt('/about', { signedIn: false });
    const banner = screen.getByRole('banner');
    expect(linkNames(banner)).toEqual(['Farol', ...publicNames, 'Entrar', 'Começar']);
    expect(within(banner).getByRole('link', { name: 'Sobre' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('navigation', { name: 'Seções do app' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Painel' })).toBeNull();
    // the public pages keep the full footer with its groups and the risk disclaimer
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Produto' })).toBeVisible();
    expect(within(footer).getByRole('note').textContent).toMatch(/^Aviso de risco/);
  });
});
