import { useEffect, useRef, type RefObject } from 'react';
import { useBeforeUnload, useBlocker, type Blocker } from 'react-router';

/**
 * What the fields inside `root` hold now: their values, never the words shown for them, which
 * change with the language (issue 28: switching the language was taken for an edit). Password
 * fields are left out: the password form signs the customer out when it succeeds, and a
 * half-typed password is nothing to keep. A searchable select's text box shows the chosen
 * option's label (its value is in the hidden input beside it); a combobox made of a button
 * (ui/search-select) counts by the value it carries in `data-value`.
 */
function fieldValues(root: HTMLElement): string {
  const values: string[] = [];
  for (const field of root.querySelectorAll<
    HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
  >('input, select, textarea')) {
    if (field.type === 'password' || field.getAttribute('aria-haspopup') === 'listbox') continue;
    const checkable = field.type === 'checkbox' || field.type === 'radio';
    values.push(checkable ? String((field as HTMLInputElement).checked) : field.value);
  }
  for (const combobox of root.querySelectorAll('button[role="combobox"]')) {
    values.push(combobox.getAttribute('data-value') ?? '');
  }
  return values.join('\u0000');
}

/**
 * Warns before edits in `root` are thrown away (defect 8): leaving for another screen asks first
 * (`blocker`, for a confirm dialog), and closing or reloading the tab gets the browser's own
 * question. What counts as saved is what the fields held when the customer first went into
 * them (not at mount: lists such as countries may still be filling them in), and again after
 * each save, which changes `savedVersion` (the stored customer).
 */
export function useUnsavedChanges(root: RefObject<HTMLElement | null>, savedVersion: unknown) {
  const saved = useRef<string | null>(null);
  const lastVersion = useRef(savedVersion);
  useEffect(() => {
    if (lastVersion.current === savedVersion) return;
    lastVersion.current = savedVersion;
    // After the render that shows the saved values.
    if (root.current !== null) saved.current = fieldValues(root.current);
  }, [root, savedVersion]);
  useEffect(() => {
    const element = root.current;
    if (element === null) return;
    const onFocusIn = () => {
      saved.current ??= fieldValues(element);
    };
    element.addEventListener('focusin', onFocusIn);
    return () => element.removeEventListener('focusin', onFocusIn);
  }, [root]);

  // Read when asked (leaving, unloading), never during render.
  const isDirty = () => {
    const element = root.current;
    return element !== null && saved.current !== null && fieldValues(element) !== saved.current;
  };

  const blocker: Blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && isDirty(),
  );
  useBeforeUnload((event) => {
    if (isDirty()) event.preventDefault();
  });
  return { blocker, isDirty };
}
