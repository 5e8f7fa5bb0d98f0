import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Every email the product sends, as pure functions of their inputs. Codes and links appear in
 * the bodies only, never in a subject, since subjects are logged and shown in notifications.
 */

const PRODUCT = 'Corridor';
/** DESIGN §4: codes live 10 minutes, reset links 60; the auth module can import these. */
export const CODE_VALID_MINUTES = 10;
export const RESET_LINK_VALID_MINUTES = 60;

/** A paragraph, a code, a link button, or a list of labelled facts. */
type Block =
  | { kind: 'text'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'facts'; facts: [label: string, value: string][] };

const styles = {
  body: 'margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;',
  brand: 'margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b3d91;',
  heading: 'margin:0 0 16px;font-size:22px;line-height:1.3;',
  text: 'margin:0 0 16px;font-size:16px;line-height:1.5;',
  code: "margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',Courier,monospace;",
  button:
    'display:inline-block;background:#0b5cff;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;font-size:16px;',
  facts: 'margin:0 0 16px;padding:0;font-size:16px;line-height:1.5;',
  fact: 'margin:0 0 4px;',
  fine: 'margin:24px 0 0;font-size:13px;line-height:1.5;color:#555555;',
};

function assertCode(code: string): void {
  if (!/^\d{6}$/.test(code)) throw new Error('a mail code must be 6 digits');
}

/** Only web links: a javascript: or data: URL must never become a clickable button. */
function assertWebUrl(url: string): void {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error('a mail link must be an http(s) URL');
  }
}

function checkedUrl(url: string): string {
  assertWebUrl(url);
  return url;
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "5 March 2026, 09:07 UTC": unambiguous for every reader, and independent of the server's locale. */
export function formatMailTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

function renderText(heading: string, blocks: Block[]): string {
  const parts = [heading];
  for (const block of blocks) {
    if (block.kind === 'text') parts.push(block.text);
    else if (block.kind === 'code') parts.push(`    ${block.code}`);
    else if (block.kind === 'link') parts.push(`${block.label}:\n${block.url}`);
    else parts.push(block.facts.map(([label, value]) => `${label}: ${value}`).join('\n'));
  }
  parts.push(`The ${PRODUCT} team`);
  return `${parts.join('\n\n')}\n`;
}

function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'text':
      return `<p style="${styles.text}">${escapeHtml(block.text)}</p>`;
    case 'code':
      return `<p style="${styles.code}">${escapeHtml(block.code)}</p>`;
    case 'link':
      return [
        `<p style="${styles.text}"><a href="${escapeHtml(block.url)}" style="${styles.button}">${escapeHtml(block.label)}</a></p>`,
        `<p style="${styles.text}">If the button does not work, copy this link into your browser:<br>`,
        `<a href="${escapeHtml(block.url)}" style="color:#0b5cff;word-break:break-all;">${escapeHtml(block.url)}</a></p>`,
      ].join('\n');
    case 'facts':
      return [
        `<ul style="${styles.facts}list-style:none;">`,
        ...block.facts.map(
          ([label, value]) =>
            `<li style="${styles.fact}"><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`,
        ),
        '</ul>',
      ].join('\n');
  }
}

function renderHtml(heading: string, blocks: Block[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title>`,
    '</head>',
    `<body style="${styles.body}">`,
    `<div style="${styles.card}">`,
    `<p style="${styles.brand}">${PRODUCT}</p>`,
    `<h1 style="${styles.heading}">${escapeHtml(heading)}</h1>`,
    ...blocks.map(renderBlock),
    `<p style="${styles.fine}">The ${PRODUCT} team</p>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function compose(to: string, subject: string, heading: string, blocks: Block[]): MailMessage {
  return { to, subject, text: renderText(heading, blocks), html: renderHtml(heading, blocks) };
}

/** Where a "wasn't you?" paragraph sends the reader, when the caller knows the URLs. */
export interface RecoveryLinks {
  /** The SPA's forgot-password screen, e.g. https://app.example.com/forgot-password. */
  forgotPasswordUrl?: string;
}

function resetAdvice(links: RecoveryLinks, advice: string): Block[] {
  if (links.forgotPasswordUrl === undefined) {
    return [
      {
        kind: 'text',
        text: `${advice} Choose "Forgot password?" on the ${PRODUCT} sign-in screen.`,
      },
    ];
  }
  assertWebUrl(links.forgotPasswordUrl);
  return [
    { kind: 'text', text: advice },
    { kind: 'link', label: 'Reset your password', url: links.forgotPasswordUrl },
  ];
}

export function emailVerificationCode(input: { to: string; code: string }): MailMessage {
  assertCode(input.code);
  return compose(
    input.to,
    `Verify your email address for ${PRODUCT}`,
    'Verify your email address',
    [
      { kind: 'text', text: `Enter this code in ${PRODUCT} to verify your email address:` },
      { kind: 'code', code: input.code },
      { kind: 'text', text: `The code is valid for ${CODE_VALID_MINUTES} minutes.` },
      {
        kind: 'text',
        text: `If you did not create a ${PRODUCT} account, you can ignore this email.`,
      },
    ],
  );
}

export function signInCode(input: { to: string; code: string } & RecoveryLinks): MailMessage {
  assertCode(input.code);
  return compose(input.to, `Your ${PRODUCT} sign-in code`, 'Your sign-in code', [
    { kind: 'text', text: `Enter this code to finish signing in to ${PRODUCT}:` },
    { kind: 'code', code: input.code },
    { kind: 'text', text: `The code is valid for ${CODE_VALID_MINUTES} minutes.` },
    ...resetAdvice(
      input,
      'If you did not just try to sign in, someone else knows your password. Do not share this code with anyone, and reset your password now.',
    ),
  ]);
}

export function passwordResetLink(input: { to: string; url: string }): MailMessage {
  assertWebUrl(input.url);
  return compose(input.to, `Reset your ${PRODUCT} password`, 'Reset your password', [
    {
      kind: 'text',
      text: `We received a request to reset the password of your ${PRODUCT} account. Use the link below to choose a new one.`,
    },
    { kind: 'link', label: 'Choose a new password', url: input.url },
    {
      kind: 'text',
      text: `The link is valid for ${RESET_LINK_VALID_MINUTES} minutes and works once.`,
    },
    {
      kind: 'text',
      text: 'If you did not ask for this, you can ignore this email: your password stays the same.',
    },
  ]);
}

export function newSignIn(
  input: {
    to: string;
    /** Browser or app, e.g. "Chrome 131". */
    client: string;
    /** Operating system, e.g. "macOS 15.1". */
    system: string;
    ip: string | null;
    at: Date;
  } & RecoveryLinks,
): MailMessage {
  const unknown = 'Unknown';
  return compose(
    input.to,
    `New sign-in to your ${PRODUCT} account`,
    'New sign-in to your account',
    [
      { kind: 'text', text: `Your ${PRODUCT} account was just signed in to from a new device:` },
      {
        kind: 'facts',
        facts: [
          ['Browser or app', input.client || unknown],
          ['Operating system', input.system || unknown],
          ['IP address', input.ip ?? unknown],
          ['Time', formatMailTime(input.at)],
        ],
      },
      { kind: 'text', text: 'If this was you, there is nothing to do.' },
      ...resetAdvice(input, "If this wasn't you, reset your password now."),
    ],
  );
}

export function passwordChanged(input: { to: string; at: Date } & RecoveryLinks): MailMessage {
  return compose(input.to, `Your ${PRODUCT} password was changed`, 'Your password was changed', [
    {
      kind: 'text',
      text: `The password of your ${PRODUCT} account was changed on ${formatMailTime(input.at)}.`,
    },
    { kind: 'text', text: 'If this was you, there is nothing to do.' },
    ...resetAdvice(input, "If this wasn't you, reset your password now."),
  ]);
}

/**
 * Sent instead of a verification code when someone signs up with an address that already has a
 * verified account: the sign-up answer stays identical (no enumeration), and the owner learns of it.
 */
export function signUpAttempt(
  input: { to: string; signInUrl?: string } & RecoveryLinks,
): MailMessage {
  const signIn: Block[] =
    input.signInUrl === undefined
      ? [{ kind: 'text', text: `If it was you, sign in to ${PRODUCT} instead.` }]
      : [
          { kind: 'text', text: 'If it was you, sign in instead:' },
          { kind: 'link', label: 'Sign in', url: checkedUrl(input.signInUrl) },
        ];
  return compose(
    input.to,
    `Someone tried to sign up to ${PRODUCT} with your email`,
    'You already have an account',
    [
      {
        kind: 'text',
        text: `Someone just tried to create a new ${PRODUCT} account with this email address. You already have an account, so the new sign-up cannot use this address.`,
      },
      ...signIn,
      ...resetAdvice(input, 'If you forgot your password, you can reset it.'),
      {
        kind: 'text',
        text: "If it wasn't you, you can ignore this email: your account has not changed.",
      },
    ],
  );
}

/**
 * Sent once when wrong codes fill an account's hourly limit (issue 11, defect 1): codes are only
 * sent after the right password, so whoever is guessing them probably knows it.
 */
export function codeGuessing(input: { to: string } & RecoveryLinks): MailMessage {
  return compose(
    input.to,
    `Someone is entering wrong codes for your ${PRODUCT} account`,
    'Wrong codes were entered for your account',
    [
      {
        kind: 'text',
        text: `Several wrong codes were just entered for your ${PRODUCT} account, so we have paused new attempts for a while. Your account and your money are safe.`,
      },
      ...resetAdvice(
        input,
        'If this was not you, someone else may know your password. Reset your password now.',
      ),
    ],
  );
}
