import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A text-only PDF of receipts and statements (docs/decisions/0050-receipts-and-statements.md):
 * A4 pages, the standard Helvetica fonts every reader has (no font embedded), words wrapped to
 * the page. Those fonts speak WinAnsi only: a character outside it is written without its accent
 * when that makes it one ("ő" → "o"), else as "?", and the document says so in its last line.
 */

/** One piece of a document, top to bottom. */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'text'; text: string; size?: number }
  | { kind: 'pair'; label: string; value: string }
  | { kind: 'row'; cells: readonly string[]; bold?: boolean }
  | { kind: 'gap' };

export interface PdfDocumentSpec {
  title: string;
  /** The document's own date, written in its metadata (the injected clock's). */
  createdAt: Date;
  language: string;
  blocks: readonly PdfBlock[];
  /** Said at the end when a character could not be printed. */
  replacedNote: string;
  /** Column widths (points) of `row` blocks; the last takes what is left. */
  columns?: readonly number[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const TEXT_SIZE = 10;
const LABEL_WIDTH = 190;
const ROW_SIZE = TEXT_SIZE - 2;

interface Cursor {
  page: PDFPage;
  y: number;
}

/** Text the font can print: WinAnsi as it is, else without accents, else "?". */
function printable(font: PDFFont, text: string, replaced: { count: number }): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ')) {
    if (known.has(char.codePointAt(0) ?? 0)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base.length > 0 && [...base].every((c) => known.has(c.codePointAt(0) ?? 0))) {
      out += base;
    } else {
      out += '?';
    }
    replaced.count += 1;
  }
  return out;
}

/** `text` in lines no wider than `width` at `size`, broken between words (a long word alone). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  lines.push(line);
  return lines;
}

/** The PDF's bytes. */
export async function writePdf(spec: PdfDocumentSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  doc.setLanguage(spec.language);
  doc.setProducer('Corridor');
  doc.setCreator('Corridor');
  doc.setCreationDate(spec.createdAt);
  doc.setModificationDate(spec.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const replaced = { count: 0 };
  const inner = PAGE.width - 2 * PAGE.margin;
  const newPage = (): Cursor => ({
    page: doc.addPage([PAGE.width, PAGE.height]),
    y: PAGE.height - PAGE.margin,
  });
  let cursor = newPage();
  const room = (height: number) => {
    if (cursor.y - height < PAGE.margin) cursor = newPage();
  };
  const draw = (text: string, x: number, font: PDFFont, size: number) => {
    cursor.page.drawText(text, { x, y: cursor.y - size, size, font });
  };
  const paragraph = (text: string, width: number, font: PDFFont, size: number) =>
    wrap(font, printable(font, text, replaced), size, width);
  // Columns of wrapped lines side by side from one top, the tallest moving the cursor on.
  const side = (columns: { lines: string[]; at: number; font: PDFFont }[], size = TEXT_SIZE) => {
    const leading = size + 4;
    const height = Math.max(...columns.map((column) => column.lines.length)) * leading;
    room(height);
    const top = cursor.y;
    for (const column of columns) {
      column.lines.forEach((line, n) => {
        cursor.y = top - n * leading;
        draw(line, column.at, column.font, size);
      });
    }
    cursor.y = top - height - 4;
  };

  const columns = spec.columns ?? [];
  const blocks: PdfBlock[] = [...spec.blocks];
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index];
    if (block === undefined) continue;
    switch (block.kind) {
      case 'title': {
        room(24);
        draw(printable(bold, block.text, replaced), PAGE.margin, bold, 18);
        cursor.y -= 28;
        break;
      }
      case 'text': {
        const size = block.size ?? TEXT_SIZE;
        for (const line of paragraph(block.text, inner, regular, size)) {
          room(size + 4);
          draw(line, PAGE.margin, regular, size);
          cursor.y -= size + 4;
        }
        break;
      }
      case 'pair': {
        const valueX = PAGE.margin + LABEL_WIDTH;
        const label = paragraph(block.label, LABEL_WIDTH - 10, bold, TEXT_SIZE);
        const value = paragraph(block.value, inner - LABEL_WIDTH, regular, TEXT_SIZE);
        side([
          { lines: label, at: PAGE.margin, font: bold },
          { lines: value, at: valueX, font: regular },
        ]);
        break;
      }
      case 'row': {
        const font = block.bold ? bold : regular;
        let x = PAGE.margin;
        const cells = block.cells.map((cell, n) => {
          const width = columns[n] ?? inner - (x - PAGE.margin);
          const column = { lines: paragraph(cell, width - 6, font, ROW_SIZE), at: x, font };
          x += width;
          return column;
        });
        side(cells, ROW_SIZE);
        break;
      }
      case 'gap':
        cursor.y -= TEXT_SIZE;
        break;
    }
    // The note comes last, once, after whatever needed it.
    if (index === blocks.length - 1 && replaced.count > 0) {
      blocks.push({ kind: 'gap' }, { kind: 'text', text: spec.replacedNote, size: 8 });
      replaced.count = 0;
    }
  }
  return doc.save({ useObjectStreams: false });
}
