import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { DevelopersPage } from './developers-page.tsx';

describe('DevelopersPage', () => {
  it('shows how to create a token, the calls, the webhook signature and the limits per plan', async () => {
    renderRoutes([{ path: '/developers', element: <DevelopersPage /> }], '/developers');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'API do Farol para desenvolvedores' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: '1. Crie um token' })).toBeVisible();
    expect(screen.getByLabelText('Sinais das moedas analisadas')).toHaveTextContent(
      /Authorization: Bearer farol_pat_.*\/api\/market-signals\/dashboard-signals/s,
    );
    expect(screen.getByLabelText('Node.js')).toHaveTextContent(/timingSafeEqual/);
    expect(screen.getByLabelText('Python')).toHaveTextContent(/hmac\.compare_digest/);
    const profissional = screen.getByRole('row', { name: /Profissional/ });
    expect(profissional).toHaveTextContent(/10.*60.*5/);
    expect(screen.getByRole('link', { name: 'Referência completa (OpenAPI)' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });
});
