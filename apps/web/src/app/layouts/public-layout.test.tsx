import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages, loadSignInScreen } from '@/features/accounts';
import { commonMessages, setLocale } from '@/i18n';
import { renderPublicRoutes } from '@/test/render';
import { PublicLayout } from './public-layout';

beforeAll(() => Promise.all([accountsMessages.load(), commonMessages.load()]));
afterEach(async () => {
  await setLocale('en', { remember: false });
  localStorage.clear();
});

function renderSignInPage() {
  return renderPublicRoutes(
    [
      {
        Component: PublicLayout,
        children: [
          { path: '/', lazy: async () => ({ Component: (await loadSignInScreen()).SignInScreen }) },
        ],
      },
    ],
    '/',
  );
}

describe('PublicLayout', () => {
  it('offers a language switch on the sign-in page, and the page follows it', async () => {
    renderSignInPage();
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();

    await userEvent.selectOptions(language, 'es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    // Kept for the next visit.
    expect(localStorage.getItem('corridor-locale')).toBe('es');
  });
});
