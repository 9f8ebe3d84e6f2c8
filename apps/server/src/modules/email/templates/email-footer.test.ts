import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-templates.ts';

const appUrl = 'https://farol.example';

describe('e-mail footer', () => {
  it.each([
    ['pt-BR', 'Configurações de e-mail'],
    ['en', 'Email settings'],
    ['es', 'Configuración de correo'],
  ])('links a member to the e-mail settings page (%s)', (language, label) => {
    const rendered = renderEmail('welcome', language, { name: 'Ana' }, { appUrl });
    expect(rendered.html).toContain(`<a href="${appUrl}/email-settings"`);
    expect(rendered.html).toContain(`>${label}</a>`);
    expect(rendered.text).toContain(`${label}: ${appUrl}/email-settings`);
  });

  it('leaves it out of a contact message, which goes to the team', () => {
    const data = { name: 'Ana', email: 'ana@example.com', subject: 'Oi', message: 'Olá' };
    const rendered = renderEmail('contact', 'pt-BR', data, { appUrl });
    expect(rendered.html).not.toContain('/email-settings');
    expect(rendered.text).not.toContain('/email-settings');
  });
});
