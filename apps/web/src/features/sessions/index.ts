import { sessionsMessages } from './messages';

// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx), with its
// words (decision 19).
export const loadDevicesScreen = () =>
  Promise.all([import('./screens/devices-screen'), sessionsMessages.load()]).then(([m]) => m);

/** The devices list with its sign-out actions, for settings' devices section; its own chunk. */
export const loadDevicesPanel = () =>
  Promise.all([import('./components/devices-panel'), sessionsMessages.load()]).then(([m]) => m);
