/**
 * The message syntax of the catalogues: the part of ICU MessageFormat the product uses, in a few
 * hundred bytes instead of a formatting library (decision 19).
 *
 * - `{name}` puts a value in;
 * - `{count, plural, =0 {none} one {# day} other {# days}}` picks by the locale's plural rules,
 *   `#` being the number in the locale's digits;
 * - `{kind, select, card {…} other {…}}` picks by value;
 * - `<link>text</link>` marks a part the caller renders (a link, bold text): see `formatToParts`;
 * - `'{'` and `''` quote, as in ICU.
 */

import { numberFormat } from './number-formats';

export type MessageValue = string | number;
export type MessageValues = Readonly<Record<string, MessageValue>>;

/** A piece of a formatted message: text, or a tag's content for the caller to wrap. */
export type MessagePart = string | { tag: string; parts: MessagePart[] };

type Node =
  | string
  | { kind: 'arg'; name: string }
  | { kind: 'pound' }
  | { kind: 'plural' | 'select'; name: string; options: Map<string, Node[]> }
  | { kind: 'tag'; name: string; children: Node[] };

class MessageSyntaxError extends Error {
  constructor(message: string, source: string) {
    super(`${message} in message ${JSON.stringify(source)}`);
  }
}

function parse(source: string): Node[] {
  let at = 0;

  const skipSpace = () => {
    while (at < source.length && /\s/.test(source[at] ?? '')) at += 1;
  };
  const word = () => {
    skipSpace();
    const match = /^[^\s,{}<>/]+/.exec(source.slice(at));
    if (!match) throw new MessageSyntaxError(`a name expected at ${at}`, source);
    at += match[0].length;
    return match[0];
  };
  const expect = (char: string) => {
    skipSpace();
    if (source[at] !== char) throw new MessageSyntaxError(`"${char}" expected at ${at}`, source);
    at += 1;
  };

  /** Nodes until `}` or a closing tag (left for the caller), or the end. */
  const nodes = (inPlural: boolean): Node[] => {
    const out: Node[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (at < source.length) {
      const char = source[at] ?? '';
      if (char === "'") {
        // '' is a quote; '{…}' quotes syntax characters.
        if (source[at + 1] === "'") {
          text += "'";
          at += 2;
          continue;
        }
        const end = source.indexOf("'", at + 1);
        if (end > at + 1 && /[{}#<]/.test(source[at + 1] ?? '')) {
          text += source.slice(at + 1, end);
          at = end + 1;
          continue;
        }
        text += char;
        at += 1;
      } else if (char === '}') {
        break;
      } else if (char === '{') {
        flush();
        at += 1;
        out.push(argument());
      } else if (char === '#' && inPlural) {
        flush();
        out.push({ kind: 'pound' });
        at += 1;
      } else if (char === '<' && source[at + 1] === '/') {
        break;
      } else if (char === '<' && /[a-z]/i.test(source[at + 1] ?? '')) {
        flush();
        at += 1;
        const name = word();
        expect('>');
        const children = nodes(inPlural);
        if (!source.startsWith(`</${name}>`, at))
          throw new MessageSyntaxError(`</${name}> expected at ${at}`, source);
        at += name.length + 3;
        out.push({ kind: 'tag', name, children });
      } else {
        text += char;
        at += 1;
      }
    }
    flush();
    return out;
  };

  const argument = (): Node => {
    const name = word();
    skipSpace();
    if (source[at] === '}') {
      at += 1;
      return { kind: 'arg', name };
    }
    expect(',');
    const kind = word();
    if (kind !== 'plural' && kind !== 'select')
      throw new MessageSyntaxError(`unknown argument type "${kind}"`, source);
    expect(',');
    const options = new Map<string, Node[]>();
    skipSpace();
    while (source[at] !== '}') {
      const key = word();
      expect('{');
      options.set(key, nodes(kind === 'plural'));
      expect('}');
      skipSpace();
      if (at >= source.length) throw new MessageSyntaxError('unclosed argument', source);
    }
    at += 1;
    if (!options.has('other')) throw new MessageSyntaxError(`"${name}" has no "other"`, source);
    return { kind, name, options };
  };

  const result = nodes(false);
  if (at !== source.length) throw new MessageSyntaxError(`unexpected "${source[at]}"`, source);
  return result;
}

const parsed = new Map<string, Node[]>();
const pluralRules = new Map<string, Intl.PluralRules>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

function render(
  nodes: Node[],
  locale: string,
  values: MessageValues,
  pound: number | undefined,
): MessagePart[] {
  const out: MessagePart[] = [];
  const push = (part: MessagePart) => {
    const last = out[out.length - 1];
    if (typeof part === 'string' && typeof last === 'string') out[out.length - 1] = last + part;
    else if (part !== '') out.push(part);
  };
  const number = (value: number) => numberFormat(locale).format(value);

  for (const node of nodes) {
    if (typeof node === 'string') push(node);
    else if (node.kind === 'arg') {
      const value = values[node.name];
      push(
        value === undefined ? `{${node.name}}` : typeof value === 'number' ? number(value) : value,
      );
    } else if (node.kind === 'pound') push(pound === undefined ? '#' : number(pound));
    else if (node.kind === 'tag')
      push({ tag: node.name, parts: render(node.children, locale, values, pound) });
    else {
      const value = values[node.name];
      let branch: Node[] | undefined;
      let nextPound = pound;
      if (node.kind === 'plural') {
        const count = Number(value);
        nextPound = count;
        branch =
          node.options.get(`=${count}`) ??
          node.options.get(
            cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count),
          );
      } else {
        branch = node.options.get(String(value));
      }
      for (const part of render(
        branch ?? node.options.get('other') ?? [],
        locale,
        values,
        nextPound,
      ))
        push(part);
    }
  }
  return out;
}

/** The message in parts: text, and each tag's content for the caller to wrap. */
export function formatToParts(
  message: string,
  locale: string,
  values: MessageValues = {},
): MessagePart[] {
  return render(
    cached(parsed, message, () => parse(message)),
    locale,
    values,
    undefined,
  );
}

/** The message as text (a tag's content kept, the tag dropped). */
export function formatMessage(message: string, locale: string, values: MessageValues = {}): string {
  const text = (parts: MessagePart[]): string =>
    parts.map((part) => (typeof part === 'string' ? part : text(part.parts))).join('');
  return text(formatToParts(message, locale, values));
}

/** The names of a message's arguments and tags, to compare a translation with its source. */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (typeof node === 'string' || node.kind === 'pound') continue;
      if (node.kind === 'tag') {
        names.add(`<${node.name}>`);
        walk(node.children);
      } else {
        names.add(node.name);
        if (node.kind !== 'arg') for (const branch of node.options.values()) walk(branch);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}
