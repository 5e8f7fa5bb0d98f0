/** API paths the web app calls, written once. */
export const apiPaths = {
  csrfCookie: '/sanctum/csrf-cookie',
  countries: '/client/v1/countries',
  profile: '/client/v1/profile',
  logout: '/client/v1/logout',
} as const;

/** Paths the server owns; everything else under GET is the SPA (history mode). */
export const serverPathPrefixes = [
  '/client/',
  '/sanctum/',
  '/broadcasting/',
  '/apps/',
  '/app/',
  '/dev/',
  '/docs',
  '/healthz',
  '/readyz',
] as const;
