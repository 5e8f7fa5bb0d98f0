// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx).
export const loadAccountVerificationScreen = () => import('./screens/account-verification-screen');
export const loadCategoryViewScreen = () => import('./screens/category-view-screen');
