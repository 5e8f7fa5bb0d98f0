export interface NavigateOptions {
  replace?: boolean;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => unknown;

// The router registers itself at start-up, so modules below the app layer (the HTTP client)
// can navigate without importing the router and creating an import cycle.
let registered: NavigateFunction | null = null;

/** Makes `navigateTo` use this function; returns a function that undoes the registration. */
export function registerNavigate(navigate: NavigateFunction): () => void {
  registered = navigate;
  return () => {
    if (registered === navigate) registered = null;
  };
}

/** Client-side navigation through the registered router, or a full page load without one. */
export async function navigateTo(to: string, options?: NavigateOptions): Promise<void> {
  if (registered === null) {
    if (options?.replace) window.location.replace(to);
    else window.location.assign(to);
    return;
  }
  await registered(to, options);
}
