// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx).
export const loadOnboardingWorkflowScreen = () => import('./screens/onboarding-workflow-screen');
