import { accountsMessages } from '@/features/accounts';
import { onboardingMessages } from './messages';

// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx); each
// brings its words: the steps', and those of the profile forms and country pickers it shows
// (through the customers feature's entry for import(), which does not wait for the forms).
export const loadOnboardingWorkflowScreen = () =>
  Promise.all([
    import('./screens/onboarding-workflow-screen'),
    onboardingMessages.load(),
    // The email step's notice is the accounts feature's (defect 18).
    accountsMessages.load(),
    import('@/features/customers/profile-form-messages').then((messages) =>
      messages.loadProfileFormMessages(),
    ),
  ]).then(([screen]) => screen);
