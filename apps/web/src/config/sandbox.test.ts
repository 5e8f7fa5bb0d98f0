import { afterEach, describe, expect, it } from 'vitest';
import { sandboxNotice } from './sandbox';

afterEach(() => {
  document.head.querySelector('meta[name="corridor-sandbox"]')?.remove();
});

describe('issue 28: the sandbox notice is the page’s word', () => {
  it('is on only when the server put its meta in the page', () => {
    expect(sandboxNotice()).toBe(false);
    const meta = document.createElement('meta');
    meta.name = 'corridor-sandbox';
    meta.content = 'on';
    document.head.append(meta);
    expect(sandboxNotice()).toBe(true);
  });
});
