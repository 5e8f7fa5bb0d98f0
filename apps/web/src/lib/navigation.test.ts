import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo, registerNavigate } from './navigation';

describe('navigateTo', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => unregister?.());

  it('uses the registered navigate function and waits for it', async () => {
    let finished = false;
    const navigate = vi.fn(async () => {
      await Promise.resolve();
      finished = true;
    });
    unregister = registerNavigate(navigate);
    await navigateTo('/dashboard', { replace: true });
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
    expect(finished).toBe(true);
  });

  it('stops using a function once unregistered', async () => {
    const first = vi.fn();
    const second = vi.fn();
    registerNavigate(first);
    unregister = registerNavigate(second);
    await navigateTo('/devices');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('/devices', undefined);
  });
});
