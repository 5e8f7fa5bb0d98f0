import { apiPaths } from '@corridor/contracts';
import { escapeHtml } from './escape-html.ts';
import type { OutboxRow } from './mail-outbox.repository.ts';

const webUrl = /(https?:\/\/[^\s<>"']+)/g;

/** The text body, escaped, with its web links clickable so a reset link can be followed. */
function renderBody(text: string): string {
  return text
    .split(webUrl)
    .map((part, index) =>
      // split() with a capture group puts the matches at the odd indexes.
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" rel="noreferrer">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');
}

function renderMessage(message: OutboxRow): string {
  const at = message.created_at.toISOString();
  const headingId = `message-${escapeHtml(message.id)}`;
  return [
    `<li><article aria-labelledby="${headingId}">`,
    `<h2 id="${headingId}">${escapeHtml(message.subject)}</h2>`,
    '<dl>',
    `<dt>To</dt><dd>${escapeHtml(message.to)}</dd>`,
    `<dt>Time</dt><dd><time datetime="${escapeHtml(at)}">${escapeHtml(at)}</time></dd>`,
    '</dl>',
    `<pre>${renderBody(message.text)}</pre>`,
    '</article></li>',
  ].join('\n');
}

/** A plain page for developers; styles are inline because the CSP allows no other sources. */
export function renderMailboxPage(messages: readonly OutboxRow[]): string {
  const list =
    messages.length === 0
      ? '<p>No messages yet.</p>'
      : `<ol class="messages">\n${messages.map(renderMessage).join('\n')}\n</ol>`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<title>Mailbox</title>',
    '<style>',
    'body{margin:0;padding:24px;font-family:system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}',
    'main{max-width:900px;margin:0 auto}',
    '.messages{list-style:none;margin:0;padding:0}',
    'article{background:#fff;border:1px solid #d0d4da;border-radius:8px;padding:16px;margin:0 0 16px}',
    'h2{margin:0 0 8px;font-size:18px}',
    'dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 12px}',
    'dt{font-weight:bold}dd{margin:0}',
    'pre{white-space:pre-wrap;word-break:break-word;background:#f7f7f9;padding:12px;margin:0}',
    'a{color:#0b5cff}',
    '</style>',
    '</head>',
    '<body>',
    '<main>',
    '<h1>Mailbox</h1>',
    `<p>Mail kept by the outbox driver, newest first. As JSON: <a href="${apiPaths.devMailbox}">${apiPaths.devMailbox}</a>.</p>`,
    list,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
