import { matchRoutes, type RouteObject } from 'react-router';
import { subscribeUnreachable, unreachableState } from './preload-error';

/**
 * The language of the screen the server rendered into `#root` (apps/web/vite-prerender.ts,
 * apps/server/src/plugins/spa-route-pages.ts), if it rendered one.
 */
export function prerenderedLocale(container: HTMLElement): string | undefined {
  return container.dataset.prerendered;
}

/**
 * Loads the code of the routes matching `pathname` into their route objects: React Router
 * hydrates only routes whose `lazy` has resolved. False when a file could not be fetched (the
 * app then renders afresh, with the unreachable panel of its first load).
 */
export async function resolveRoutesAt(routes: RouteObject[], pathname: string): Promise<boolean> {
  const loads = (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const resolved = await route.lazy();
    Object.assign(route, resolved, { lazy: undefined });
  });
  const unreachable = new Promise<false>((resolve) => {
    const unsubscribe = subscribeUnreachable(() => {
      if (unreachableState() === 'idle') return;
      unsubscribe();
      resolve(false);
    });
  });
  return Promise.race([Promise.all(loads).then(() => true), unreachable]);
}

const valueOf = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');

/**
 * What the customer typed, ticked or picked in the prerendered screen before the app started:
 * hydration keeps it on the page but not in the form's state, so the next render would put the
 * state's empty value back. Each such field is announced to React as the change it was. React
 * notices an input's change by comparing its value with the one it last saw (its tracker), so
 * the value is set back to the rendered one through the element, then to the typed one past it,
 * as a test library's `fireEvent.change` does.
 */
export function replayTypedInput(root: HTMLElement): void {
  for (const input of root.querySelectorAll('input')) {
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.checked === input.defaultChecked) continue;
      input.checked = input.defaultChecked;
      input.click();
    } else if (input.value !== input.defaultValue && valueOf?.set) {
      const typed = input.value;
      const { selectionStart, selectionEnd } = input;
      input.value = input.defaultValue;
      valueOf.set.call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // The caret where it was (email fields have none to keep: their selection is null).
      if (document.activeElement === input && selectionStart !== null) {
        input.setSelectionRange(selectionStart, selectionEnd);
      }
    }
  }
  for (const select of root.querySelectorAll('select')) {
    if (select.selectedOptions[0]?.defaultSelected === false) {
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}
