import { render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFocusOnAppear } from './use-focus-on-appear';

function Heading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnAppear(ref);
  return (
    <h2 ref={ref} tabIndex={-1}>
      Step
    </h2>
  );
}

describe('useFocusOnAppear', () => {
  it('focuses the element in the next frame, not in the task that rendered it', async () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    render(<Heading />);
    // The render and its effects are done: the layout that focusing needs is not in their task.
    expect(focus).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('heading')).toHaveFocus());
    focus.mockRestore();
  });

  it('does not focus an element gone before the frame', async () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const { unmount } = render(<Heading />);
    unmount();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(focus).not.toHaveBeenCalled();
    focus.mockRestore();
  });
});
