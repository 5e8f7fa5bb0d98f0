import { countriesMessages } from '@/features/countries';
import { recipientsMessages } from './messages';

// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx), with the
// words they speak: theirs and the country pickers' (decision 19).
const words = () => Promise.all([recipientsMessages.load(), countriesMessages.load()]);

export const loadRecipientsScreen = () =>
  Promise.all([import('./screens/recipients-screen'), words()]).then(([screen]) => screen);
export const loadViewRecipientScreen = () =>
  Promise.all([import('./screens/view-recipient-screen'), words()]).then(([screen]) => screen);

// The add-recipient wizard, for the transfer wizard, is in parts.ts (lazily loaded code only).
export { recipientsMessages } from './messages';
