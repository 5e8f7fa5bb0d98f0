import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/i18n';
import { BrandMark } from './brand-mark';
import { uiMessages } from './messages';
import './app-shell.css';

export interface ShellNavItem {
  /** Stable key (the route's name). */
  key: string;
  label: string;
  to: string;
  /** A decorative icon from ui/icons. */
  icon: ReactNode;
  /** The current screen belongs to this section. */
  active: boolean;
}

export interface AppShellProps {
  /** Where the brand goes (the dashboard). */
  homeTo: string;
  navItems: readonly ShellNavItem[];
  /** The account corner of the header: sign-out. */
  accountActions?: ReactNode;
  /** Drawn over everything, outside the main content (toasts). */
  overlays?: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame (issue 14, defect 1): the brand and account actions in a header, the four
 * sections as a bottom tab bar on phones (always in view, never behind a menu button) and as a
 * side bar from 48em, and the screen in `<main>`. One `<nav>` for both, restyled by CSS, so
 * there is one navigation landmark and no script decides the layout.
 */
export function AppShell({ homeTo, navItems, accountActions, overlays, children }: AppShellProps) {
  const t = useT(uiMessages);
  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        {t('shell.skipLink')}
      </a>
      <header className="shell__header">
        <Link to={homeTo} className="shell__brand">
          <BrandMark />
          <span>Corridor</span>
        </Link>
        {accountActions !== undefined && <div className="shell__account">{accountActions}</div>}
      </header>
      <nav className="shell__nav" aria-label={t('shell.navLabel')}>
        <ul className="shell__nav-list">
          {navItems.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                className="shell__nav-link"
                data-active={item.active || undefined}
                aria-current={item.active ? 'page' : undefined}
              >
                <span className="shell__nav-icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span className="shell__nav-label">{item.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main-content" tabIndex={-1} className="shell__main">
        <div className="shell__content">{children}</div>
      </main>
      {overlays}
    </div>
  );
}
