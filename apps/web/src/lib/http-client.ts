import {
  apiPaths,
  MORE_AUTHENTICATION_REQUIRED,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@corridor/contracts';
import axios, { isAxiosError, type InternalAxiosRequestConfig } from 'axios';
import { errorType } from './api-error';
import { redirectToMfa, redirectToSignIn } from './auth-redirect';
import { doneProgress, startProgress } from './progress';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Let the caller handle a 401 instead of being sent to sign-in (route loaders, logout). */
    skipAuthRedirect?: boolean;
    /**
     * Let the caller handle a 412 `more_authentication_required` instead of being sent to the
     * MFA screen (the MFA calls themselves).
     */
    skipMfaRedirect?: boolean;
  }
}

/** The one HTTP client of the app (SPEC §7). */
export const httpClient = axios.create({
  // Same origin unless the API is deployed elsewhere.
  baseURL: import.meta.env.VITE_API_URL || undefined,
  withCredentials: true,
  // Send the token even when VITE_API_URL is another origin (a Sanctum SPA on a sibling host).
  withXSRFToken: true,
  // SPEC §9: the cookie the server sets and the header that must echo it.
  xsrfCookieName: XSRF_COOKIE,
  xsrfHeaderName: XSRF_HEADER,
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
      if (isMoreAuthenticationRequired(error) && error.config?.skipMfaRedirect !== true) {
        redirectToMfa();
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

/** True when the session still owes its second factor (412 more_authentication_required). */
export function isMoreAuthenticationRequired(error: unknown): boolean {
  return hasHttpStatus(error, 412) && errorType(error) === MORE_AUTHENTICATION_REQUIRED;
}

/** Gets a fresh XSRF-TOKEN cookie; SPEC §7 calls it before sign-up and sign-in,
 * and we also call it before forgot-password and reset-password (nothing is signed in there). */
export async function ensureCsrfCookie(): Promise<void> {
  await httpClient.get(apiPaths.csrfCookie, { skipAuthRedirect: true });
}
