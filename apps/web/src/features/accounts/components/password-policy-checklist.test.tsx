import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { passwordPolicyFixture } from '@/test/fixtures';
import { servePasswordPolicy } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { PasswordPolicyChecklist, PasswordRuleList } from './password-policy-checklist';

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
        <PasswordPolicyChecklist password={password} />
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
    expect(readRules().map(([state]) => state)).toEqual(['unmet', 'met', 'met', 'unmet']);
    await userEvent.type(screen.getByLabelText('Password'), 'Password42');
    expect(readRules().map(([state]) => state)).toEqual(['met', 'met', 'met', 'met']);
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

  it('only logs a policy that cannot be loaded (SPEC §8) and shows no checklist', async () => {
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
