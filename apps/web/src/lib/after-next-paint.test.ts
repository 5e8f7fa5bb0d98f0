import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

afterEach(() => vi.restoreAllMocks());

describe('afterNextPaint', () => {
  it('runs the task after the next frame, then when idle, and only once', async () => {
    const order: string[] = [];
    const task = vi.fn(() => order.push('task'));
    afterNextPaint(task);
    requestAnimationFrame(() => order.push('frame'));
    expect(task).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(task).toHaveBeenCalledOnce());
    expect(order).toEqual(['frame', 'task']);
  });

  it('runs nothing once cancelled, at whatever step', async () => {
    const early = vi.fn();
    afterNextPaint(early)();
    const late = vi.fn();
    const cancelLate = afterNextPaint(late);
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    cancelLate();
    const control = vi.fn();
    afterNextPaint(control);
    await vi.waitFor(() => expect(control).toHaveBeenCalledOnce());
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });

  it('waits for no frame in a hidden page, which paints none', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const task = vi.fn();
    afterNextPaint(task);
    await vi.waitFor(() => expect(task).toHaveBeenCalledOnce());
    expect(frames).not.toHaveBeenCalled();
  });
});
