import type { PasswordCheckRequest, PasswordCheckResponse } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { useEffect, useState } from 'react';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { hasXsrfCookie } from '../lib/xsrf-cookie';

/** POST /client/v1/password/check: whether the server refuses the password as commonly used. */
export async function checkPassword(request: PasswordCheckRequest): Promise<PasswordCheckResponse> {
  if (!hasXsrfCookie()) await ensureCsrfCookie();
  const { data } = await httpClient.post(accountPaths.passwordCheck, request);
  return parseWith((contracts) => contracts.passwordCheckResponseSchema, data);
}

/**
 * What the server says of the password being typed: nothing typed; checking (typed since the
 * last answer); common (it would be refused); fine; or unknown (the check failed: the server
 * still judges on submit).
 */
export type CommonPasswordVerdict = 'none' | 'checking' | 'common' | 'fine' | 'unknown';

/** The pause in typing after which the password is checked. */
export const PASSWORD_CHECK_DELAY_MS = 400;

interface Answer {
  password: string;
  verdict: 'common' | 'fine' | 'unknown';
}

/**
 * Asks the server, debounced, whether `password` is too common (defect 9), so the checklist
 * knows every rule the server applies and never turns all green for a password it would refuse.
 * Only the latest answer is kept; an answer about an earlier password is dropped.
 */
export function useCommonPasswordCheck(password: string): CommonPasswordVerdict {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const answered = answer?.password === password;

  useEffect(() => {
    if (password === '' || answered) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      checkPassword({ password }).then(
        ({ commonly_used }) => {
          if (current) setAnswer({ password, verdict: commonly_used ? 'common' : 'fine' });
        },
        (error: unknown) => {
          console.warn('The password could not be checked.', error);
          if (current) setAnswer({ password, verdict: 'unknown' });
        },
      );
    }, PASSWORD_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, answered]);

  if (password === '') return 'none';
  return answered ? answer.verdict : 'checking';
}
