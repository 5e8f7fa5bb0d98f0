/** The Sanctum-style CSRF pair (DESIGN §3): the readable cookie and the header that echoes it. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Laravel also accepts the token under this header. */
export const CSRF_HEADER = 'X-CSRF-TOKEN';
/** The tab that made a request: realtime events it causes skip that socket. */
export const SOCKET_ID_HEADER = 'X-Socket-ID';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
