import { accountsMessages } from '@/features/accounts';
import { settingsMessages } from './messages';

// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx), with its
// words: settings' own and the accounts' (the new-password fields).
export const loadSettingsScreen = () =>
  Promise.all([
    import('./screens/settings-screen'),
    settingsMessages.load(),
    accountsMessages.load(),
  ]).then(([m]) => m);
