import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { SignInScreen } from './sign-in-screen';

function renderSignIn(url: string) {
  return renderRoutes([{ path: '/', Component: SignInScreen }], url);
}

describe('SignInScreen', () => {
  it('shows its title as the h1 and no notice by default', async () => {
    renderSignIn('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('confirms a changed password (referer=change-password)', async () => {
    renderSignIn('/?referer=change-password');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been successfully changed. Please log in using your new password.',
    );
  });

  it('confirms a reset password (referer=reset-password)', async () => {
    renderSignIn('/?referer=reset-password');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been successfully reset. Please log in using your new password.',
    );
  });

  it('ignores an unknown referer', async () => {
    renderSignIn('/?referer=toString');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the redirect in the URL and carries a safe one over to sign-up', async () => {
    const { router } = renderSignIn('/?redirect=%2Ftransactions%3Fpage%3D2');
    const signUp = await screen.findByRole('link', { name: 'Sign up instead' });
    expect(signUp).toHaveAttribute('href', '/sign-up?redirect=%2Ftransactions%3Fpage%3D2');
    expect(router.state.location.search).toBe('?redirect=%2Ftransactions%3Fpage%3D2');
  });

  it('does not carry an unsafe redirect over', async () => {
    renderSignIn('/?redirect=%2F%2Fevil.example');
    const signUp = await screen.findByRole('link', { name: 'Sign up instead' });
    expect(signUp).toHaveAttribute('href', '/sign-up');
  });

  it('links to password recovery', async () => {
    renderSignIn('/');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
