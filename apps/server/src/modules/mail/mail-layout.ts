import type { Locale } from '@corridor/contracts';
import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mail-port.ts';
import { mailTexts, PRODUCT } from './mail-texts.ts';

/** How every email looks: a heading, then blocks, then the signature, as text and as HTML. */

/** A paragraph, a code, a link button, or a list of labelled facts. */
export type Block =
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
  sandbox:
    'margin:0 0 24px;padding:8px 12px;border-radius:6px;background:#fff3bf;color:#5c3c00;font-size:14px;font-weight:bold;',
};

/** How an email is written beyond its words. */
export interface ComposeOptions {
  /** Sandbox providers on a public URL: the email says no real money moves (decision 0034). */
  sandboxNotice?: boolean;
}

function renderText(
  heading: string,
  blocks: Block[],
  locale: Locale,
  options: ComposeOptions,
): string {
  const parts = options.sandboxNotice ? [mailTexts[locale].sandboxNotice, heading] : [heading];
  for (const block of blocks) {
    if (block.kind === 'text') parts.push(block.text);
    else if (block.kind === 'code') parts.push(`    ${block.code}`);
    else if (block.kind === 'link') parts.push(`${block.label}:\n${block.url}`);
    else parts.push(block.facts.map(([label, value]) => `${label}: ${value}`).join('\n'));
  }
  parts.push(mailTexts[locale].team);
  return `${parts.join('\n\n')}\n`;
}

function renderBlock(block: Block, locale: Locale): string {
  switch (block.kind) {
    case 'text':
      return `<p style="${styles.text}">${escapeHtml(block.text)}</p>`;
    case 'code':
      return `<p style="${styles.code}">${escapeHtml(block.code)}</p>`;
    case 'link':
      return [
        `<p style="${styles.text}"><a href="${escapeHtml(block.url)}" style="${styles.button}">${escapeHtml(block.label)}</a></p>`,
        `<p style="${styles.text}">${escapeHtml(mailTexts[locale].buttonFallback)}<br>`,
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

function renderHtml(
  heading: string,
  blocks: Block[],
  locale: Locale,
  options: ComposeOptions,
): string {
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title>`,
    '</head>',
    `<body style="${styles.body}">`,
    `<div style="${styles.card}">`,
    ...(options.sandboxNotice
      ? [`<p style="${styles.sandbox}">${escapeHtml(mailTexts[locale].sandboxNotice)}</p>`]
      : []),
    `<p style="${styles.brand}">${PRODUCT}</p>`,
    `<h1 style="${styles.heading}">${escapeHtml(heading)}</h1>`,
    ...blocks.map((block) => renderBlock(block, locale)),
    `<p style="${styles.fine}">${escapeHtml(mailTexts[locale].team)}</p>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** One email in `locale`: the same heading and blocks as plain text and as HTML. */
export function compose(
  locale: Locale,
  to: string,
  subject: string,
  heading: string,
  blocks: Block[],
  options: ComposeOptions = {},
): MailMessage {
  return {
    to,
    subject,
    text: renderText(heading, blocks, locale, options),
    html: renderHtml(heading, blocks, locale, options),
  };
}
