import type { Mailer } from '../mail/mailer.ts';
import * as messages from '../mail/messages.ts';

export interface SignInDetails {
  client: string;
  system: string;
  ip: string | null;
  at: Date;
}

/** The account emails of DESIGN §4, whichever mail driver carries them. */
export function createAccountNotifier(mailer: Mailer, appUrl: string) {
  const links = { forgotPasswordUrl: `${appUrl}/forgot-password` };
  return {
    emailVerificationCode: (to: string, code: string) =>
      mailer.send(messages.emailVerificationCode({ to, code })),
    signInCode: (to: string, code: string) =>
      mailer.send(messages.signInCode({ to, code, ...links })),
    signUpAttempt: (to: string) =>
      mailer.send(messages.signUpAttempt({ to, signInUrl: `${appUrl}/`, ...links })),
    passwordChanged: (to: string, at: Date) =>
      mailer.send(messages.passwordChanged({ to, at, ...links })),
    newSignIn: (to: string, details: SignInDetails) =>
      mailer.send(messages.newSignIn({ to, ...details, ...links })),
    passwordResetLink: (to: string, url: string) =>
      mailer.send(messages.passwordResetLink({ to, url })),
    /** Wrong codes filled the account's hourly limit: whoever typed them knows the password. */
    codeGuessing: (to: string) => mailer.send(messages.codeGuessing({ to, ...links })),
  };
}

export type AccountNotifier = ReturnType<typeof createAccountNotifier>;
