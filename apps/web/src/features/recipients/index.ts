// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx).
export const loadRecipientsScreen = () => import('./screens/recipients-screen');
export const loadViewRecipientScreen = () => import('./screens/view-recipient-screen');
