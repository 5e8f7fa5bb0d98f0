import { Outlet, useNavigation } from 'react-router';
import { useProgress } from '@/lib/progress';
import { DocumentTitle } from '../document-title';

function NavigationProgress() {
  // Loading a lazy screen or running a loader both count as navigating.
  useProgress(useNavigation().state !== 'idle');
  return null;
}

/** Wraps every route: keeps the title and the navigation progress bar in step. */
export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/**
 * Shown while the first route's code and data load: the boot shell of index.html (its styles are
 * there), so the page never goes blank between the HTML and the first screen.
 */
export function InitialLoad() {
  useProgress(true);
  return (
    <div className="boot-shell">
      <p className="boot-shell__brand">Corridor</p>
      <p className="boot-shell__status" role="status">
        Loading Corridor…
      </p>
    </div>
  );
}
