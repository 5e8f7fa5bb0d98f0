import { useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { commonMessages, useT } from '@/i18n';
import { sandboxNotice } from '@/config/sandbox';
import { useProgress } from '@/lib/progress';
import { SandboxBanner } from '@/ui/sandbox-banner';
import { UnreachablePanel } from '@/ui/unreachable-panel';
import { DocumentTitle } from '../document-title';
import { retryUnreachable, subscribeUnreachable, unreachableState } from '../preload-error';

function NavigationProgress() {
  // Loading a lazy screen or running a loader both count as navigating.
  useProgress(useNavigation().state !== 'idle');
  return null;
}

function useUnreachable() {
  // Idle on the server (the build's prerender) as on arrival.
  return useSyncExternalStore(subscribeUnreachable, unreachableState, unreachableState);
}

/**
 * The next screen could not be downloaded (defect 14): the one on view stays, with what was
 * typed in it, under our panel. Cancel stays here for good (a navigation to where we are ends
 * the one waiting); the screen's load keeps waiting and goes on when it is asked for again.
 */
function UnreachableNotice() {
  const state = useUnreachable();
  const navigating = useNavigation().state !== 'idle';
  const location = useLocation();
  const navigate = useNavigate();
  if (state === 'idle' || !navigating) return null;
  return (
    <UnreachablePanel
      retrying={state === 'retrying'}
      onRetry={retryUnreachable}
      onCancel={() => void navigate(location, { replace: true })}
    />
  );
}

/**
 * Wraps every route: keeps the title and the navigation progress bar in step, and says when the
 * server runs sandboxes on a public URL.
 */
export function RootLayout() {
  return (
    <>
      <SandboxBanner shown={sandboxNotice} />
      <DocumentTitle />
      <NavigationProgress />
      <Outlet />
      <UnreachableNotice />
    </>
  );
}

/**
 * The boot shell's words as the server wrote them in the page's language, read before React
 * replaces them (on the first render, not at import: the build's prerender has no page).
 */
let bootShellText: string | undefined;
const readBootShellText = () =>
  (bootShellText ??=
    document.querySelector('.boot-shell__status')?.textContent ?? 'Loading Corridor…');

/**
 * Shown while the first route's code and data load: the boot shell of index.html (its styles are
 * there), so the page never goes blank between the HTML and the first screen; with our panel if
 * that code could not be downloaded. Until the common words are here, the page's own words.
 */
export function InitialLoad() {
  useProgress(true);
  const state = useUnreachable();
  const t = useT(commonMessages);
  const loading = commonMessages.loaded(t.locale) ? t('app.loading') : readBootShellText();
  return (
    <div className="boot-shell">
      <p className="boot-shell__brand">Corridor</p>
      <p className="boot-shell__status" role="status">
        {loading}
      </p>
      {state !== 'idle' && (
        <UnreachablePanel retrying={state === 'retrying'} onRetry={retryUnreachable} />
      )}
    </div>
  );
}
