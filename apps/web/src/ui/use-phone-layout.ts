import { useMediaQuery } from '@mantine/hooks';

/** Mantine's `xs` breakpoint: below it, dialogs fill the screen. */
const PHONE_QUERY = '(max-width: 36em)';

/**
 * True on a phone-sized screen, read while rendering: Mantine's default reads it in an effect,
 * after the first render, so on a phone every dialog and select rendered twice on mount, the
 * second time as a render that does not yield (issue 31, docs/performance.md). Only screens the
 * browser draws first use it; the prerendered sign-in page has none.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
