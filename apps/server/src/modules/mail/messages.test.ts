import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';
import {
  codeGuessing,
  emailVerificationCode,
  formatMailTime,
  newSignIn,
  passwordChanged,
  passwordResetLink,
  signInCode,
  signUpAttempt,
} from './messages.ts';

const to = 'ada@example.com';
const at = new Date('2026-03-05T09:07:30Z');

/** Checks every message shares: addressed, branded, English, a heading, and no code in the subject. */
function expectWellFormed(message: MailMessage, secret?: string) {
  expect(message.to).toBe(to);
  expect(message.subject).toContain('Corridor');
  expect(message.html).toMatch(/^<!doctype html>\n<html lang="en">/);
  expect(message.html).toContain('<meta charset="utf-8">');
  expect(message.html).toMatch(/<h1 [^>]*>[^<]+<\/h1>/);
  expect(message.text).toContain('The Corridor team');
  if (secret !== undefined) expect(message.subject).not.toContain(secret);
}

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('leaves everything else alone', () => {
    expect(escapeHtml('Zoë 1,000.00 — ok')).toBe('Zoë 1,000.00 — ok');
    expect(escapeHtml('')).toBe('');
  });
});

describe('formatMailTime', () => {
  it('writes UTC, unambiguously', () => {
    expect(formatMailTime(at)).toBe('5 March 2026, 09:07 UTC');
    expect(formatMailTime(new Date('2026-12-31T23:59:59.999Z'))).toBe(
      '31 December 2026, 23:59 UTC',
    );
  });
});

describe('code messages', () => {
  it('email verification carries the code and its 10-minute validity in both parts', () => {
    const message = emailVerificationCode({ to, code: '048213' });
    expectWellFormed(message, '048213');
    for (const body of [message.text, message.html]) {
      expect(body).toContain('048213');
      expect(body).toContain('valid for 10 minutes');
    }
  });

  it('sign-in code carries the code and says what to do if it was not you', () => {
    const message = signInCode({ to, code: '739120' });
    expectWellFormed(message, '739120');
    for (const body of [message.text, message.html]) {
      expect(body).toContain('739120');
      expect(body).toContain('valid for 10 minutes');
      expect(body).toContain('reset your password');
    }
    expect(message.html).not.toContain('<a ');
  });

  it('links the forgot-password screen when given', () => {
    const message = signInCode({
      to,
      code: '739120',
      forgotPasswordUrl: 'https://app.example.com/forgot-password',
    });
    expect(message.text).toContain('https://app.example.com/forgot-password');
    expect(message.html).toContain('href="https://app.example.com/forgot-password"');
  });

  it('refuses anything but six digits', () => {
    expect(() => emailVerificationCode({ to, code: '12345' })).toThrow();
    expect(() => signInCode({ to, code: '<b>123</b>' })).toThrow();
  });
});

describe('password reset link', () => {
  const url = 'https://app.example.com/reset-password/YWJj?x=1&y=2';

  it('carries the link and its 60-minute validity', () => {
    const message = passwordResetLink({ to, url });
    expectWellFormed(message, 'YWJj');
    expect(message.text).toContain(url);
    expect(message.text).toContain('valid for 60 minutes');
    expect(message.html).toContain('valid for 60 minutes');
  });

  it('escapes the link in the HTML part', () => {
    const { html } = passwordResetLink({ to, url });
    expect(html).toContain('href="https://app.example.com/reset-password/YWJj?x=1&amp;y=2"');
    expect(html).not.toContain('?x=1&y=2');
  });

  it('refuses links that are not http(s)', () => {
    expect(() => passwordResetLink({ to, url: 'javascript:alert(1)' })).toThrow();
    expect(() => passwordResetLink({ to, url: 'not a url' })).toThrow();
    expect(() => signUpAttempt({ to, signInUrl: 'data:text/html,x' })).toThrow();
  });
});

describe('notifications', () => {
  it('new sign-in names the device, IP and time, and says what to do', () => {
    const message = newSignIn({
      to,
      device: 'Firefox on Linux',
      ip: '203.0.113.7',
      at,
    });
    expectWellFormed(message);
    for (const body of [message.text, message.html]) {
      expect(body).toContain('Firefox on Linux');
      expect(body).toContain('203.0.113.7');
      expect(body).toContain('5 March 2026, 09:07 UTC');
    }
    expect(message.text).toContain("If this wasn't you, reset your password");
    expect(message.html).toContain('If this wasn&#39;t you, reset your password');
  });

  it('new sign-in escapes what the User-Agent said', () => {
    const message = newSignIn({
      to,
      device: '<img src=x onerror=alert(1)> "OS" & co',
      ip: null,
      at,
    });
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;OS&quot; &amp; co');
    expect(message.html).not.toContain('<img');
    expect(message.text).toContain('<img src=x onerror=alert(1)>');
    expect(message.text).toContain('IP address: Unknown');
  });

  it('password changed gives the time and what to do', () => {
    const message = passwordChanged({ to, at });
    expectWellFormed(message);
    expect(message.text).toContain('5 March 2026, 09:07 UTC');
    expect(message.text).toContain("If this wasn't you");
  });

  it('sign-up attempt suggests signing in or resetting, and carries no code', () => {
    const message = signUpAttempt({
      to,
      signInUrl: 'https://app.example.com/',
      forgotPasswordUrl: 'https://app.example.com/forgot-password',
    });
    expectWellFormed(message);
    expect(message.subject).toMatch(/tried to sign up/);
    expect(message.text).toContain('sign in instead');
    expect(message.text).toContain('https://app.example.com/');
    expect(message.text).toContain('https://app.example.com/forgot-password');
    expect(message.html).toContain('href="https://app.example.com/forgot-password"');
    expect(message.text).not.toMatch(/\b\d{6}\b/);
  });

  it('sign-up attempt reads well without links', () => {
    const message = signUpAttempt({ to });
    expect(message.text).toContain('sign in to Corridor instead');
    expect(message.text).toContain('Forgot password?');
    expect(message.html).not.toContain('<a ');
  });
});

describe('in Spanish (issue 14)', () => {
  const links = { forgotPasswordUrl: 'https://app.example.com/forgot-password' };
  const spanishMessages = {
    emailVerificationCode: emailVerificationCode({ to, code: '048213', locale: 'es' }),
    signInCode: signInCode({ to, code: '739120', locale: 'es', ...links }),
    passwordResetLink: passwordResetLink({
      to,
      url: 'https://app.example.com/reset-password/YWJj',
      locale: 'es',
    }),
    newSignIn: newSignIn({
      to,
      device: 'Safari en iPhone',
      ip: null,
      at,
      locale: 'es',
      ...links,
    }),
    passwordChanged: passwordChanged({ to, at, locale: 'es', ...links }),
    signUpAttempt: signUpAttempt({ to, locale: 'es', signInUrl: 'https://app.example.com/' }),
    codeGuessing: codeGuessing({ to, locale: 'es' }),
  };

  it('writes every message in Spanish, with the Spanish signature and <html lang="es">', () => {
    for (const [name, message] of Object.entries(spanishMessages)) {
      expect(message.html, name).toMatch(/^<!doctype html>\n<html lang="es">/);
      expect(message.text, name).toContain('El equipo de Corridor');
      expect(message.text, name).not.toContain('The Corridor team');
      // No English sentence is left: none of its commonest words.
      expect(`${message.subject}\n${message.text}`, name).not.toMatch(
        /\b(the|your|you|this|if|and|to)\b/i,
      );
    }
  });

  it('says dates with Spanish month names, still in UTC', () => {
    expect(formatMailTime(at, 'es')).toBe('5 de marzo de 2026, 09:07 UTC');
    expect(spanishMessages.passwordChanged.text).toContain(
      'La contraseña de tu cuenta de Corridor se cambió el 5 de marzo de 2026, 09:07 UTC.',
    );
    expect(spanishMessages.newSignIn.text).toContain('Dispositivo: Safari en iPhone');
    expect(spanishMessages.newSignIn.text).toContain('Dirección IP: Desconocido');
  });

  it('keeps codes and links where they were, never in a subject', () => {
    expect(spanishMessages.emailVerificationCode.text).toContain('048213');
    expect(spanishMessages.emailVerificationCode.subject).not.toContain('048213');
    expect(spanishMessages.passwordResetLink.text).toContain(
      'El enlace es válido durante 60 minutos',
    );
    expect(spanishMessages.signUpAttempt.text).not.toMatch(/\b\d{6}\b/);
  });
});
