/**
 * A strict reader for small, fixed-format XML files (the ECB's daily rates): elements,
 * attributes, text, comments, the five predefined entities and character references. Anything
 * else is refused rather than guessed at: a DOCTYPE (and so any external entity), CDATA,
 * processing instructions other than the XML declaration, unbalanced or misnamed tags, duplicate
 * attributes, a second root, and input past the size, depth or element limits.
 */

export interface XmlElement {
  name: string;
  attributes: ReadonlyMap<string, string>;
  children: XmlElement[];
  /** The element's own text (between its children), entities decoded. */
  text: string;
}

export class XmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlError';
  }
}

export interface XmlLimits {
  maxLength: number;
  maxDepth: number;
  maxElements: number;
}

const DEFAULT_LIMITS: XmlLimits = { maxLength: 262_144, maxDepth: 16, maxElements: 2000 };

const NAME = /[A-Za-z_][A-Za-z0-9_.:-]*/y;
const SPACE = /[ \t\r\n]*/y;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(raw: string, at: number): string {
  return raw.replace(/&([^;&]*);?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) throw new XmlError(`unterminated entity near offset ${at}`);
    const named = ENTITIES[body];
    if (named !== undefined) return named;
    const numeric = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!numeric) throw new XmlError(`unknown entity &${body.slice(0, 20)}; near offset ${at}`);
    // eslint-disable-next-line money/no-float-arithmetic -- a character code, not money
    const code = parseInt(numeric[1] ?? numeric[2] ?? '', numeric[1] !== undefined ? 16 : 10);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      throw new XmlError(`invalid character reference near offset ${at}`);
    }
    return String.fromCodePoint(code);
  });
}

class Reader {
  private position = 0;
  private elements = 0;

  constructor(
    private readonly source: string,
    private readonly limits: XmlLimits,
  ) {}

  document(): XmlElement {
    this.declaration();
    this.misc();
    if (!this.source.startsWith('<', this.position)) this.fail('expected the root element');
    const root = this.element(1);
    this.misc();
    if (this.position !== this.source.length) this.fail('content after the root element');
    return root;
  }

  private fail(message: string): never {
    throw new XmlError(`${message} at offset ${this.position}`);
  }

  private skipSpace(): void {
    SPACE.lastIndex = this.position;
    SPACE.exec(this.source);
    this.position = SPACE.lastIndex;
  }

  private declaration(): void {
    if (!this.source.startsWith('<?xml', this.position)) return;
    const end = this.source.indexOf('?>', this.position);
    if (end < 0) this.fail('unterminated XML declaration');
    const body = this.source.slice(this.position + 5, end);
    if (
      !/^\s+version=(["'])1\.[0-9]\1(\s+encoding=(["'])UTF-8\3)?(\s+standalone=(["'])(yes|no)\5)?\s*$/i.test(
        body,
      )
    ) {
      this.fail('unsupported XML declaration');
    }
    this.position = end + 2;
  }

  /** Whitespace and comments between elements. */
  private misc(): void {
    for (;;) {
      this.skipSpace();
      if (this.source.startsWith('<!--', this.position)) {
        this.comment();
      } else if (this.source.startsWith('<!', this.position)) {
        this.fail('DOCTYPE, CDATA and other declarations are not accepted');
      } else if (this.source.startsWith('<?', this.position)) {
        this.fail('processing instructions are not accepted');
      } else {
        return;
      }
    }
  }

  private comment(): void {
    const end = this.source.indexOf('-->', this.position + 4);
    if (end < 0) this.fail('unterminated comment');
    if (this.source.slice(this.position + 4, end).includes('--'))
      this.fail('"--" inside a comment');
    this.position = end + 3;
  }

  private name(): string {
    NAME.lastIndex = this.position;
    const match = NAME.exec(this.source);
    if (!match) this.fail('expected a name');
    this.position = NAME.lastIndex;
    return match[0];
  }

  private attributes(): Map<string, string> {
    const attributes = new Map<string, string>();
    for (;;) {
      const before = this.position;
      this.skipSpace();
      const next = this.source[this.position];
      if (next === '>' || next === '/' || next === undefined) return attributes;
      if (this.position === before) this.fail('expected a space before an attribute');
      const name = this.name();
      this.skipSpace();
      if (this.source[this.position] !== '=') this.fail(`expected "=" after ${name}`);
      this.position += 1;
      this.skipSpace();
      const quote = this.source[this.position];
      if (quote !== '"' && quote !== "'") this.fail(`expected a quoted value for ${name}`);
      const end = this.source.indexOf(quote, this.position + 1);
      if (end < 0) this.fail(`unterminated value of ${name}`);
      const raw = this.source.slice(this.position + 1, end);
      if (raw.includes('<')) this.fail(`"<" in the value of ${name}`);
      if (attributes.has(name)) this.fail(`duplicate attribute ${name}`);
      attributes.set(name, decodeEntities(raw, this.position));
      this.position = end + 1;
    }
  }

  private element(depth: number): XmlElement {
    if (depth > this.limits.maxDepth) this.fail('elements nested too deeply');
    this.elements += 1;
    if (this.elements > this.limits.maxElements) this.fail('too many elements');
    this.position += 1; // "<"
    const name = this.name();
    const attributes = this.attributes();
    const element: XmlElement = { name, attributes, children: [], text: '' };
    if (this.source.startsWith('/>', this.position)) {
      this.position += 2;
      return element;
    }
    if (this.source[this.position] !== '>') this.fail(`unterminated tag <${name}>`);
    this.position += 1;
    this.content(element, depth);
    return element;
  }

  /** Text, comments and children up to the matching end tag. */
  private content(element: XmlElement, depth: number): void {
    for (;;) {
      const next = this.source.indexOf('<', this.position);
      if (next < 0) this.fail(`<${element.name}> is not closed`);
      element.text += decodeEntities(this.source.slice(this.position, next), this.position);
      this.position = next;
      if (this.source.startsWith('</', next)) {
        this.position += 2;
        const name = this.name();
        this.skipSpace();
        if (name !== element.name) this.fail(`</${name}> closes <${element.name}>`);
        if (this.source[this.position] !== '>') this.fail(`unterminated end tag </${name}>`);
        this.position += 1;
        return;
      }
      if (this.source.startsWith('<!--', next)) {
        this.comment();
      } else if (this.source.startsWith('<!', next) || this.source.startsWith('<?', next)) {
        this.fail('CDATA, declarations and processing instructions are not accepted');
      } else {
        element.children.push(this.element(depth + 1));
      }
    }
  }
}

/** The root element of `source`, or an XmlError saying where it is malformed. */
export function readXml(source: string, limits: XmlLimits = DEFAULT_LIMITS): XmlElement {
  if (source.length > limits.maxLength) throw new XmlError('the document is too large');
  // A byte-order mark is allowed before the declaration.
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  return new Reader(text, limits).document();
}
