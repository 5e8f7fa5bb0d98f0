import type { Locale } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import { mailMessages as messages, type MailMessage } from '../mail/index.ts';

export interface SignInDetails {
  /** The device as every screen names it (contracts' `describeDevice`), in the reader's language. */
  device: string;
  ip: string | null;
  at: Date;
}

/** Who a mail goes to: the address, and the language the customer reads Corridor in. */
export interface Recipient {
  email: string;
  locale: Locale;
}

/**
 * Hands a message over within the use case's transaction: to the outbox, which sends it once
 * the transaction has committed.
 */
export type DeliverMail = (tx: Executor, message: MailMessage) => Promise<void>;

/**
 * The account emails of docs/product/accounts-and-sessions.md, each handed over within the use case's transaction and
 * written in the recipient's language.
 */
export function createAccountNotifier(
  deliver: DeliverMail,
  appUrl: string,
  /** Every email says no real money moves (docs/decisions/0034). */
  sandboxNotice = false,
) {
  const links = { forgotPasswordUrl: `${appUrl}/forgot-password` };
  const addressed = (to: Recipient) => ({ to: to.email, locale: to.locale, sandboxNotice });
  return {
    emailVerificationCode: (tx: Executor, to: Recipient, code: string) =>
      deliver(tx, messages.emailVerificationCode({ ...addressed(to), code })),
    signInCode: (tx: Executor, to: Recipient, code: string) =>
      deliver(tx, messages.signInCode({ ...addressed(to), code, ...links })),
    signUpAttempt: (tx: Executor, to: Recipient) =>
      deliver(tx, messages.signUpAttempt({ ...addressed(to), signInUrl: `${appUrl}/`, ...links })),
    passwordChanged: (tx: Executor, to: Recipient, at: Date) =>
      deliver(tx, messages.passwordChanged({ ...addressed(to), at, ...links })),
    newSignIn: (tx: Executor, to: Recipient, details: SignInDetails) =>
      deliver(tx, messages.newSignIn({ ...addressed(to), ...details, ...links })),
    passwordResetLink: (tx: Executor, to: Recipient, url: string) =>
      deliver(tx, messages.passwordResetLink({ ...addressed(to), url })),
    /** Wrong codes filled the account's hourly limit: whoever typed them knows the password. */
    codeGuessing: (tx: Executor, to: Recipient) =>
      deliver(tx, messages.codeGuessing({ ...addressed(to), ...links })),
  };
}

export type AccountNotifier = ReturnType<typeof createAccountNotifier>;
