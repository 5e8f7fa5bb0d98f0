import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { useState, type ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commonMessages } from '@/i18n';
import { passwordPolicyFixture } from '@/test/fixtures';
import { serveCsrfCookie, servePasswordPolicy } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { PASSWORD_CHECK_DELAY_MS } from '../api/check-password';
import { accountsMessages } from '../messages';
import { NewPasswordFields } from './new-password-fields';
import { PasswordPolicyChecklist, PasswordRuleList } from './password-policy-checklist';

beforeAll(() => Promise.all([accountsMessages.load(), commonMessages.load()]));

function renderAt(Component: ComponentType) {
  return renderPublicRoutes([{ path: '/', Component }], '/');
}

/** Each rule's text and what a screen reader hears about its state. */
function readRules() {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [item.getAttribute('data-state'), item.textContent]);
}

describe('PasswordRuleList', () => {
  it('shows every enabled rule neutral while the password is empty', () => {
    renderAt(() => <PasswordRuleList policy={passwordPolicyFixture()} password="" />);
    expect(readRules()).toEqual([
      ['neutral', 'At least 12 characters'],
      ['neutral', 'At least one uppercase letter'],
      ['neutral', 'At least one lowercase letter'],
      ['neutral', 'At least one number'],
    ]);
  });

  it('says "met" and "not met" in words, not only with colour', () => {
    renderAt(() => <PasswordRuleList policy={passwordPolicyFixture()} password="abc1" />);
    expect(readRules()).toEqual([
      ['unmet', 'At least 12 characters: not met'],
      ['unmet', 'At least one uppercase letter: not met'],
      ['met', 'At least one lowercase letter: met'],
      ['met', 'At least one number: met'],
    ]);
  });
});

describe('PasswordPolicyChecklist', () => {
  function Harness() {
    const [password, setPassword] = useState('');
    return (
      <>
        <label>
          Password
          <input value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
        </label>
        <PasswordPolicyChecklist password={password} common="none" />
      </>
    );
  }

  it('shows a spinner while the policy loads, then follows the password as it is typed', async () => {
    server.use(
      http.get('/client/v1/password-policy', async () => {
        await delay(30);
        return HttpResponse.json(passwordPolicyFixture());
      }),
    );
    renderAt(Harness);
    expect(screen.getByRole('status', { name: 'Loading the password rules' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Password requirements' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'Secret');
    // Then the product-or-email rule (issue 28), checked here; the last, the server's
    // common-password rule, is the caller's to ask (here: not asked).
    expect(readRules().map(([state]) => state)).toEqual([
      'unmet',
      'met',
      'met',
      'unmet',
      'met',
      'neutral',
    ]);
    await userEvent.type(screen.getByLabelText('Password'), 'Password42');
    expect(readRules().map(([state]) => state)).toEqual([
      'met',
      'met',
      'met',
      'met',
      'met',
      'neutral',
    ]);
  });

  it('fetches the policy once for the whole app', async () => {
    const calls = servePasswordPolicy();
    const { unmount } = renderAt(Harness);
    await screen.findByRole('list', { name: 'Password requirements' });
    unmount();
    renderAt(Harness);
    // Kept: the rules show at once, without a spinner.
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(calls.count).toBe(1);
  });

  it('only logs a policy that cannot be loaded (docs/product/web-app.md#errors) and shows no checklist', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/client/v1/password-policy', () =>
        HttpResponse.json({ message: 'Nope' }, { status: 404 }),
      ),
    );
    renderAt(Harness);
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith(
        'The password policy could not be loaded.',
        expect.anything(),
      ),
    );
    expect(screen.queryByRole('list', { name: 'Password requirements' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    log.mockRestore();
  });
});

describe('defect 9: the checklist knows the server refuses common passwords', () => {
  // The server answers in its own time: more than a busy second.
  const CHECKED = { timeout: 5_000 };

  afterEach(() => {
    vi.useRealTimers();
  });

  function Harness() {
    const [password, setPassword] = useState('');
    const [confirmation, setConfirmation] = useState('');
    return (
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        errors={{}}
      />
    );
  }

  /** Answers the check: `common` passwords are refused; records what was asked. */
  function serveCheck(common: readonly string[]) {
    const asked: unknown[] = [];
    serveCsrfCookie();
    server.use(
      http.post('/client/v1/password/check', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        asked.push(body);
        return HttpResponse.json({ commonly_used: common.includes(body.password) });
      }),
    );
    return asked;
  }

  /**
   * Renders the fields, then types `passwords` one after the other on a clock that stands
   * still, as a customer who never pauses: the pause that sends the check comes only when the
   * test moves the clock.
   */
  async function renderAndType(...passwords: string[]) {
    servePasswordPolicy();
    renderAt(Harness);
    await screen.findByRole('list', { name: 'Password requirements' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    typeWithoutPause(...passwords);
  }

  function typeWithoutPause(...passwords: string[]) {
    for (const value of passwords) fireEvent.change(passwordField(), { target: { value } });
  }

  /** The customer pauses: the check goes out, and the server answers on the real clock. */
  function pause() {
    act(() => vi.advanceTimersByTime(PASSWORD_CHECK_DELAY_MS));
    vi.useRealTimers();
  }

  const passwordField = () => screen.getByLabelText(/^New password/, { selector: 'input' });
  const commonRule = () =>
    within(screen.getByRole('list', { name: 'Password requirements' })).getByText(
      /^Not a commonly used password/,
    ).parentElement;

  it('is never all green for a password the server refuses', async () => {
    const asked = serveCheck(['Password1234']);
    await renderAndType('Password1234');
    // Every served rule passes, but the server has not answered yet: not all green.
    expect(readRules().map(([state]) => state)).toEqual([
      'met',
      'met',
      'met',
      'met',
      'met',
      'checking',
    ]);
    expect(commonRule()).toHaveTextContent('Not a commonly used password: checking');

    pause();
    await vi.waitFor(() => expect(commonRule()).toHaveAttribute('data-state', 'unmet'), CHECKED);
    expect(commonRule()).toHaveTextContent('Not a commonly used password: not met');
    expect(asked).toEqual([{ password: 'Password1234' }]);
  });

  it('asks once the typing pauses, only about the latest password, and shows it met', async () => {
    const asked = serveCheck([]);
    // The served rules pass from the twelfth character; the typing goes on without a pause.
    await renderAndType('Abcdefghij12', 'Abcdefghij12x', 'Abcdefghij12xyz');
    act(() => vi.advanceTimersByTime(PASSWORD_CHECK_DELAY_MS - 1));
    expect(asked).toEqual([]);
    expect(commonRule()).toHaveAttribute('data-state', 'checking');

    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await vi.waitFor(() => expect(commonRule()).toHaveAttribute('data-state', 'met'), CHECKED);
    expect(readRules().map(([state]) => state)).toEqual(['met', 'met', 'met', 'met', 'met', 'met']);
    expect(asked).toEqual([{ password: 'Abcdefghij12xyz' }]);
  });

  it('does not ask while a served rule is unmet, and stays neutral if the check fails', async () => {
    const asked = serveCheck([]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderAndType('short1A');
    act(() => vi.advanceTimersByTime(PASSWORD_CHECK_DELAY_MS));
    expect(commonRule()).toHaveAttribute('data-state', 'neutral');
    expect(asked).toEqual([]);

    server.use(
      http.post('/client/v1/password/check', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    typeWithoutPause('short1A and longer');
    expect(commonRule()).toHaveAttribute('data-state', 'checking');
    pause();
    await vi.waitFor(() => {
      expect(warn).toHaveBeenCalledWith('The password could not be checked.', expect.anything());
      expect(commonRule()).toHaveAttribute('data-state', 'neutral');
    }, CHECKED);
    expect(asked).toEqual([]);
    warn.mockRestore();
  });
});

describe("issue 28: the checklist says a password may not contain the product's name or the email", () => {
  function Harness({ email }: { email?: string }) {
    const [password, setPassword] = useState('');
    const [confirmation, setConfirmation] = useState('');
    return (
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        errors={{}}
        {...(email !== undefined ? { email } : {})}
      />
    );
  }

  const personalRule = () =>
    within(screen.getByRole('list', { name: 'Password requirements' })).getByText(
      /^Doesn't contain the product's name or your email/,
    ).parentElement;
  const passwordField = () => screen.getByLabelText(/^New password/, { selector: 'input' });

  it('issue 28: "Corridor-Walk-2026x" fails the product-name rule, not the common-password one', async () => {
    servePasswordPolicy();
    renderAt(() => <Harness />);
    await screen.findByRole('list', { name: 'Password requirements' });
    expect(personalRule()).toHaveAttribute('data-state', 'neutral');
    fireEvent.change(passwordField(), { target: { value: 'Corridor-Walk-2026x' } });
    expect(personalRule()).toHaveAttribute('data-state', 'unmet');
    expect(personalRule()).toHaveTextContent(
      "Doesn't contain the product's name or your email: not met",
    );
    // Every served rule passes; the one it fails is named, and the server is not even asked
    // (the common-password rule stays neutral, not "checking"), so "common" is not blamed.
    expect(readRules().map(([state]) => state)).toEqual([
      'met',
      'met',
      'met',
      'met',
      'unmet',
      'neutral',
    ]);
  });

  it("issue 28: the email's name fails it too, when the form knows the email", async () => {
    servePasswordPolicy();
    renderAt(() => <Harness email="greenfinch@example.com" />);
    await screen.findByRole('list', { name: 'Password requirements' });
    fireEvent.change(passwordField(), { target: { value: 'Greenfinch-Walk-26' } });
    expect(personalRule()).toHaveAttribute('data-state', 'unmet');
    fireEvent.change(passwordField(), { target: { value: 'Kingfisher-Walk-26' } });
    expect(personalRule()).toHaveAttribute('data-state', 'met');
  });
});
