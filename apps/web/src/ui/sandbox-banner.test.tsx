import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonMessages, setLocale } from '@/i18n';
import { SandboxBanner } from './sandbox-banner';

afterEach(async () => {
  await setLocale('en', { remember: false });
});

describe('issue 28: the sandbox banner', () => {
  it('says no real money moves when the page says sandboxes run, in the reader’s language', async () => {
    const { unmount } = render(<SandboxBanner shown={() => true} />);
    expect(screen.getByRole('note')).toHaveTextContent('Sandbox: no real money moves');
    unmount();

    await commonMessages.load('es');
    await setLocale('es', { remember: false });
    render(<SandboxBanner shown={() => true} />);
    expect(screen.getByRole('note')).toHaveTextContent('Sandbox: no se mueve dinero real');
  });

  it('draws nothing otherwise', () => {
    const { container } = render(<SandboxBanner shown={() => false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('joins a prerendered page right after its hydration, which it does not disturb', async () => {
    // The build prerenders sign-in for every server: the page has no banner in it.
    const markup = renderToString(<SandboxBanner shown={() => true} />);
    expect(markup).toBe('');
    const root = document.createElement('div');
    root.innerHTML = markup;
    document.body.append(root);
    const recoverable = vi.fn();
    const hydrated = await act(async () =>
      hydrateRoot(root, <SandboxBanner shown={() => true} />, {
        onRecoverableError: recoverable,
      }),
    );
    expect(root.querySelector('[role="note"]')).toHaveTextContent('Sandbox: no real money moves');
    expect(recoverable).not.toHaveBeenCalled();
    act(() => hydrated.unmount());
    root.remove();
  });
});
