import { apiPaths } from '@corridor/contracts';
import axios, { isAxiosError, type InternalAxiosRequestConfig } from 'axios';
import { redirectToSignIn } from './auth-redirect';
import { doneProgress, startProgress } from './progress';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Let the caller handle a 401 instead of being sent to sign-in (route loaders, logout). */
    skipAuthRedirect?: boolean;
  }
}

/** SPEC §9: the cookie the server sets and the header that must echo it. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

/** The one HTTP client of the app (SPEC §7). */
export const httpClient = axios.create({
  // Same origin unless the API is deployed elsewhere.
  baseURL: import.meta.env.VITE_API_URL || undefined,
  withCredentials: true,
  // Send the token even when VITE_API_URL is another origin (a Sanctum SPA on a sibling host).
  withXSRFToken: true,
  xsrfCookieName: XSRF_COOKIE_NAME,
  xsrfHeaderName: XSRF_HEADER_NAME,
  headers: {
    Accept: 'application/json',
    'ngrok-skip-browser-warning': 'true',
  },
  // SPEC §9: no timeout; slow answers keep the progress bar up rather than failing.
  timeout: 0,
});

// Only requests that started the bar may stop it, so the count can never drift.
const inProgress = new WeakSet<InternalAxiosRequestConfig>();

function finish(config: InternalAxiosRequestConfig | undefined): void {
  if (config !== undefined && inProgress.delete(config)) doneProgress();
}

httpClient.interceptors.request.use((config) => {
  inProgress.add(config);
  startProgress();
  return config;
});

httpClient.interceptors.response.use(
  (response) => {
    finish(response.config);
    return response;
  },
  (error: unknown) => {
    if (isAxiosError(error)) {
      finish(error.config);
      if (error.response?.status === 401 && error.config?.skipAuthRedirect !== true) {
        redirectToSignIn();
      }
    }
    // Callers decide what a failure means to the customer (SPEC §8).
    return Promise.reject(error);
  },
);

/** True when `error` is an HTTP answer with this status. */
export function hasHttpStatus(error: unknown, status: number): boolean {
  return isAxiosError(error) && error.response?.status === status;
}

/** True when the server said nobody is signed in. */
export function isUnauthorized(error: unknown): boolean {
  return hasHttpStatus(error, 401);
}

/** Gets a fresh XSRF-TOKEN cookie; SPEC §7 calls it before sign-up and sign-in. */
export async function ensureCsrfCookie(): Promise<void> {
  await httpClient.get(apiPaths.csrfCookie, { skipAuthRedirect: true });
}
