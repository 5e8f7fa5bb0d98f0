import type { Executor } from '../../db/executor.ts';
import { mailMessages as messages, type MailMessage } from '../mail/index.ts';

export interface SignInDetails {
  client: string;
  system: string;
  ip: string | null;
  at: Date;
}

/**
 * Hands a message over within the use case's transaction: to the outbox, which sends it once
 * the transaction has committed.
 */
export type DeliverMail = (tx: Executor, message: MailMessage) => Promise<void>;

/** The account emails of DESIGN §4, each handed over within the use case's transaction. */
export function createAccountNotifier(deliver: DeliverMail, appUrl: string) {
  const links = { forgotPasswordUrl: `${appUrl}/forgot-password` };
  return {
    emailVerificationCode: (tx: Executor, to: string, code: string) =>
      deliver(tx, messages.emailVerificationCode({ to, code })),
    signInCode: (tx: Executor, to: string, code: string) =>
      deliver(tx, messages.signInCode({ to, code, ...links })),
    signUpAttempt: (tx: Executor, to: string) =>
      deliver(tx, messages.signUpAttempt({ to, signInUrl: `${appUrl}/`, ...links })),
    passwordChanged: (tx: Executor, to: string, at: Date) =>
      deliver(tx, messages.passwordChanged({ to, at, ...links })),
    newSignIn: (tx: Executor, to: string, details: SignInDetails) =>
      deliver(tx, messages.newSignIn({ to, ...details, ...links })),
    passwordResetLink: (tx: Executor, to: string, url: string) =>
      deliver(tx, messages.passwordResetLink({ to, url })),
    /** Wrong codes filled the account's hourly limit: whoever typed them knows the password. */
    codeGuessing: (tx: Executor, to: string) =>
      deliver(tx, messages.codeGuessing({ to, ...links })),
  };
}

export type AccountNotifier = ReturnType<typeof createAccountNotifier>;
