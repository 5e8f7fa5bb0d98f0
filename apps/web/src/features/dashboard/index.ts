import { dashboardMessages } from './messages';

// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx); each
// brings its words.
export const loadDashboardScreen = () =>
  Promise.all([import('./screens/dashboard-screen'), dashboardMessages.load()]).then(
    ([screen]) => screen,
  );
