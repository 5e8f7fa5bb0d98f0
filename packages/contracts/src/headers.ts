/** The Sanctum-style CSRF pair (docs/product/api-conventions.md#sessions-and-csrf): the readable cookie and the header that echoes it. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Laravel also accepts the token under this header. */
export const CSRF_HEADER = 'X-CSRF-TOKEN';
/** The tab that made a request: realtime events it causes skip that socket. */
export const SOCKET_ID_HEADER = 'X-Socket-ID';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Where the XSRF cookie is set (`apiPaths.csrfCookie`), on its own: the web app's first load
 * needs this path alone, and importing `apiPaths` there would ship every path with it.
 */
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
