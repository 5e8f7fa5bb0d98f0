// Each screen is loaded when its route is first visited (app/router.tsx), a chunk of its own,
// through load-screens.ts: every file a dynamic import needs is named beside it, and here that
// would be the entry chunk, which the sign-in page loads (issue 13).
// One import() of it: each is a list of files in the entry chunk.
const screens = () => import('./load-screens');

export const loadTransactionsScreen = () => screens().then((m) => m.loadListScreen());
export const loadViewTransactionScreen = () => screens().then((m) => m.loadDetailScreen());

// The watch hook and the bank details, for the payment screens, are in parts.ts (lazily loaded
// code only).
