/**
 * Runs `task` once the page as it is now has been painted and shown (two frames from now), and
 * then only when the browser is idle: for work the screen on view does not need, such as
 * fetching the code of a dialog not yet opened, which must not delay that screen's paint nor
 * share the network with it. A hidden page paints nothing: there the task runs when the browser
 * is idle. Returns a function that cancels it.
 */
export function afterNextPaint(task: () => void): () => void {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task);
    else timer = setTimeout(task, 0);
  };
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    whenIdle();
  } else {
    // A frame's animation callbacks run before its paint, and the paint is shown a frame later:
    // the next frame's callbacks come once the DOM as it is now has been painted and shown.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = undefined;
        timer = setTimeout(whenIdle, 0);
      });
    });
  }
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
