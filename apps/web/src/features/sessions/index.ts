// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx).
export const loadDevicesScreen = () => import('./screens/devices-screen');
