// The repository explains itself (issue 27): code and docs cite only documents it contains.
// Fails on a citation of the documents the product was first described in (the design, the
// specification, the original product's notes, the Pusher protocol notes, the folder beside the
// repository they live in), and on a `docs/….md` path (with its `#anchor`, when given) that does
// not exist. Run by `npm run lint`.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const self = 'scripts/check-doc-citations.mjs';

/**
 * Citations of documents outside the repository. `\u00a7` is the section sign: written so, this
 * file does not match the plain search the issue gives for such citations.
 */
const outside = [
  /\bDESIGN \u00a7/,
  /\bSPEC \u00a7/,
  /\boriginal(?: product)? \u00a7/,
  /\.\.\/(?:shared)\b/,
  /\breference\/[a-z-]+\.md\b/,
  /\bpusher-protocol(?:\.md)? \u00a7/,
];

/** `docs/x.md`, `docs/x.md#anchor`, and further anchors of the same page: `, #other`. */
const docPath = /\bdocs\/[\w./-]+\.md(?:#[\w-]+(?:, #[\w-]+)*)?/g;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

const anchorCache = new Map();
function hasAnchor(doc, anchor) {
  if (!anchorCache.has(doc)) anchorCache.set(doc, anchorsOf(readFileSync(join(root, doc), 'utf8')));
  return anchorCache.get(doc).has(anchor);
}

const files = execFileSync(
  'git',
  ['ls-files', '-z', 'apps', 'packages', 'e2e', 'scripts', 'docs'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((file) => file && file !== self && existsSync(join(root, file)));

const problems = [];
for (const file of files) {
  const buffer = readFileSync(join(root, file));
  if (buffer.includes(0)) continue;
  buffer
    .toString('utf8')
    .split('\n')
    .forEach((line, index) => {
      const place = `${file}:${index + 1}`;
      for (const pattern of outside) {
        if (pattern.test(line))
          problems.push(`${place}: cites a document outside the repository: ${line.trim()}`);
      }
      for (const [citation] of line.matchAll(docPath)) {
        const [doc, ...anchors] = citation.split(/#|, #/);
        if (!existsSync(join(root, doc))) {
          problems.push(`${place}: ${doc} does not exist`);
          continue;
        }
        for (const anchor of anchors) {
          if (!hasAnchor(doc, anchor)) problems.push(`${place}: ${doc} has no heading #${anchor}`);
        }
      }
    });
}

if (problems.length) {
  console.error(`check-doc-citations: ${problems.length} problems`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(
    "Cite the repository's own documents (docs/product/, docs/decisions/, docs/*.md); see docs/product/README.md.",
  );
  process.exit(1);
}
