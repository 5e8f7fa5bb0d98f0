/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n';
import { customerFixture } from '@/test/fixtures';
import { serveMoneyScreens, serveProfile } from '@/test/handlers';
import { renderRoutes, setViewportWidth } from '@/test/render';
import { appRoutes } from '../router';

// Vitest does not process stylesheets; the layout rules are read from the file itself.
const shellCss = readFileSync(`${import.meta.dirname}/../../ui/app-shell.css`, 'utf8');

async function renderSignedIn(path = '/transaction/t-1', title = 'Transaction') {
  serveProfile(customerFixture());
  const rendered = renderRoutes(appRoutes, path);
  // The first render of a file imports the frame and the screen: give it time on a busy machine.
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
  return rendered;
}

const sections = (name = 'Main') =>
  within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the signed-in frame', () => {
  beforeEach(serveMoneyScreens);

  afterEach(async () => {
    setViewportWidth(1024);
    await setLocale('en', { remember: false });
  });

  it('defect 1: on a phone shows the four sections in a tab bar, not behind a menu button', async () => {
    setViewportWidth(390);
    await renderSignedIn();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(sections()).toEqual([
      ['Send', '/dashboard'],
      ['Transactions', '/transactions'],
      ['Recipients', '/recipients'],
      ['Account', '/settings'],
    ]);
    // Nothing hides it from people or assistive technology, and there is no menu to open.
    expect(nav.closest('[inert], [aria-hidden="true"], [hidden]')).toBeNull();
    expect(screen.queryByRole('button', { name: /navigation|menu/i })).not.toBeInTheDocument();
    // Phones first: the bar is fixed to the bottom of the screen outside any media query.
    const phoneRules = shellCss.slice(0, shellCss.indexOf('@media'));
    expect(phoneRules).toMatch(/\.shell__nav \{[^}]*position: fixed;[^}]*bottom: 0;/);
    expect(shellCss).toMatch(
      /@media \(min-width: 48em\)[\s\S]*\.shell__nav \{[^}]*position: sticky/,
    );
  });

  it('defect 1: carries the brand in the header, with sign-out', async () => {
    await renderSignedIn();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Corridor' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('marks the section of the screen shown, Account for settings and devices alike', async () => {
    await renderSignedIn();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Send' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(nav).getByRole('link', { name: 'Recipients' }));
    await screen.findByRole('heading', { level: 1, name: 'Recipients' });
    expect(within(nav).getByRole('link', { name: 'Recipients' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('speaks Spanish when the customer does', async () => {
    await setLocale('es', { remember: false });
    await renderSignedIn('/transaction/t-1', 'Transacción');
    expect(sections('Principal').map(([label]) => label)).toEqual([
      'Enviar',
      'Transacciones',
      'Destinatarios',
      'Cuenta',
    ]);
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('has a region for toasts', async () => {
    await renderSignedIn();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });
});
