import { useEffect, type RefObject } from 'react';

/**
 * Moves focus to `ref`'s element as it appears, in the next frame's animation callbacks rather
 * than in the effect. Focusing lays the page out at once: in the effect, that layout ran in the
 * task that rendered and committed the screen, the transfer wizard's longest (issue 31,
 * docs/performance.md#latest-figures); in the frame, it is the layout the frame does anyway.
 */
export function useFocusOnAppear(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [ref]);
}
