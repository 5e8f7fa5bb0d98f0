import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mfaPathFor,
  redirectToMfa,
  redirectToSignIn,
  signInPathFor,
  withRedirect,
} from './auth-redirect';
import { registerNavigate } from './navigation';

describe('signInPathFor', () => {
  it('adds a safe target as the redirect query parameter', () => {
    expect(signInPathFor('/transactions?page=2')).toBe('/?redirect=%2Ftransactions%3Fpage%3D2');
  });

  it.each([null, undefined, '', '//evil.example', 'https://evil.example'])(
    'drops an unsafe or missing target %j',
    (target) => {
      expect(signInPathFor(target)).toBe('/');
    },
  );
});

describe('redirectToSignIn', () => {
  const navigate = vi.fn();
  let unregister: () => void = () => undefined;
  afterEach(() => {
    unregister();
    navigate.mockReset();
  });

  it('sends a signed-in page to sign-in, replacing the entry and keeping path and query', () => {
    unregister = registerNavigate(navigate);
    window.history.replaceState(null, '', '/recipient/42?tab=details#top');
    redirectToSignIn();
    expect(navigate).toHaveBeenCalledWith('/?redirect=%2Frecipient%2F42%3Ftab%3Ddetails', {
      replace: true,
    });
  });

  it.each(['/', '/sign-up', '/mfa', '/reset-password/abc', '/no/such/page'])(
    'stays on the public page %s',
    (path) => {
      unregister = registerNavigate(navigate);
      window.history.replaceState(null, '', path);
      redirectToSignIn();
      expect(navigate).not.toHaveBeenCalled();
    },
  );
});

describe('withRedirect and mfaPathFor', () => {
  it('add a safe target as the redirect query parameter', () => {
    expect(withRedirect('/workflow/onboarding', '/transfer/q-1')).toBe(
      '/workflow/onboarding?redirect=%2Ftransfer%2Fq-1',
    );
    expect(mfaPathFor('/transactions?page=2')).toBe('/mfa?redirect=%2Ftransactions%3Fpage%3D2');
  });

  it.each([null, undefined, '', '//evil.example', 'https://evil.example', '/\\evil.example'])(
    'drop an unsafe or missing target %j',
    (target) => {
      expect(withRedirect('/workflow/onboarding', target)).toBe('/workflow/onboarding');
      expect(mfaPathFor(target)).toBe('/mfa');
    },
  );
});

describe('redirectToMfa', () => {
  const navigate = vi.fn();
  let unregister: () => void = () => undefined;
  afterEach(() => {
    unregister();
    navigate.mockReset();
  });

  it('sends a signed-in page to MFA, replacing the entry and keeping path and query', () => {
    unregister = registerNavigate(navigate);
    window.history.replaceState(null, '', '/recipient/42?tab=details');
    redirectToMfa();
    expect(navigate).toHaveBeenCalledWith('/mfa?redirect=%2Frecipient%2F42%3Ftab%3Ddetails', {
      replace: true,
    });
  });

  it('stays on the MFA screen', () => {
    unregister = registerNavigate(navigate);
    window.history.replaceState(null, '', '/mfa?redirect=%2Fdashboard');
    redirectToMfa();
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['/', '/sign-up', '/reset-password/abc'])(
    'leaves the public page %s for MFA without a redirect back to it',
    (path) => {
      unregister = registerNavigate(navigate);
      window.history.replaceState(null, '', path);
      redirectToMfa();
      expect(navigate).toHaveBeenCalledWith('/mfa', { replace: true });
    },
  );
});
