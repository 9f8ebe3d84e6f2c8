import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { LanguageMenu } from './language-menu.tsx';

function renderMenu() {
  return render(
    <I18nextProvider i18n={i18n}>
      <LanguageMenu />
    </I18nextProvider>,
  );
}

describe('LanguageMenu', () => {
  it('opens the menu on the first click (its code loads on demand) and switches the interface language', async () => {
    const user = userEvent.setup();
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'PT: Idioma, Português (Brasil)' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');

    await user.click(trigger);
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));

    expect((await screen.findByRole('button', { name: 'EN: Language, English' })).textContent).toBe('EN');
    expect(i18n.language).toBe('en');
  });

  it('opens from the keyboard with ArrowDown, like a menu button', async () => {
    const user = userEvent.setup();
    renderMenu();
    screen.getByRole('button', { name: /Idioma/ }).focus();

    await user.keyboard('{ArrowDown}');

    await screen.findByRole('menu');
    expect(
      screen.getByRole('menuitemradio', { name: 'Português (Brasil)' }).getAttribute('aria-checked'),
    ).toBe('true');
  });
});
