import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text-test-kit.ts';
import { writePdf } from './pdf-writer.ts';

const at = new Date('2026-11-29T12:00:00.000Z');

describe('the PDF writer (docs/decisions/0050-receipts-and-statements.md)', () => {
  it('prints WinAnsi as it is, drops accents it cannot print, writes "?" else, and says so', async () => {
    const bytes = await writePdf({
      title: 'T',
      createdAt: at,
      language: 'en',
      blocks: [{ kind: 'pair', label: 'Recipient', value: 'Őrs आशा Zoë Muñoz ¿€?' }],
      replacedNote: 'Some characters could not be printed.',
    });
    const text = await pdfText(bytes);
    expect(text).toMatch(/Ors \?+ Zoë Muñoz ¿€\?/);
    expect(text).toContain('Some characters could not be printed.');
  });

  it('adds no note when every character prints, and wraps long text onto new pages', async () => {
    const words = Array.from({ length: 4000 }, (_, n) => `word${n}`).join(' ');
    const bytes = await writePdf({
      title: 'Long',
      createdAt: at,
      language: 'en',
      blocks: [{ kind: 'text', text: words }],
      replacedNote: 'NOTE',
    });
    const text = await pdfText(bytes);
    expect(text).toContain('word0 word1');
    expect(text).toContain('word3999');
    expect(text).not.toContain('NOTE');
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Count ([2-9]|\d{2,})/);
  });
});
