import zlib from 'node:zlib';

/**
 * Small, real document files made in code (issue 16): each opens in an image viewer or a PDF
 * reader (checked with ImageMagick and pdf-lib), so tests exercise the real parsers, not bytes
 * that merely start right. Plus the hostile ones the storage must refuse.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const u32be = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return b;
};
const u32le = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
};
const u16be = (value: number) => Buffer.from([value >> 8, value & 0xff]);

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngHeader(width: number, height: number): Buffer {
  // 8-bit greyscale, deflate, no interlace.
  return pngChunk(
    'IHDR',
    Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 0, 0, 0, 0])]),
  );
}

/** A light grey `width` × `height` PNG; `text` goes in a tEXt chunk (a test pattern). */
export function pngFile(width: number, height: number, options: { text?: string } = {}): Buffer {
  // Each row: filter byte 0, then one grey byte per pixel.
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0xd0)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngHeader(width, height),
    ...(options.text ? [pngChunk('tEXt', Buffer.from(`Comment\0${options.text}`, 'latin1'))] : []),
    pngChunk('IDAT', zlib.deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims 20,000 × 20,000 pixels (400 MP) in a few bytes: a decompression bomb. */
export function bigPng(): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngHeader(20_000, 20_000),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(20_001))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, data: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);

/**
 * A mid-grey `width` × `height` baseline JPEG (greyscale), from a tiny encoder: every 8 × 8
 * block has DC difference 0 and no AC coefficients, coded with one two-bit Huffman code each.
 */
export function jpegFile(
  width: number,
  height: number,
  options: { comment?: string } = {},
): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // 4 bits a block, all zero; the last byte is padded with 1-bits.
  const scan = Buffer.alloc(Math.ceil(blocks / 2), 0);
  if (blocks % 2 === 1) scan[scan.length - 1] = 0x0f;
  const oneCodeTable = (tableClass: number) =>
    Buffer.concat([
      Buffer.from([tableClass << 4]),
      Buffer.from([0, 1, ...Array(14).fill(0)]),
      Buffer.from([0]),
    ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    ...(options.comment ? [segment(0xfe, Buffer.from(options.comment, 'latin1'))] : []),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(
      0xc0,
      Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])]),
    ),
    segment(0xc4, oneCodeTable(0)),
    segment(0xc4, oneCodeTable(1)),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** Bits written least significant first, as VP8L reads them. */
class BitWriter {
  private bytes: number[] = [];
  private bit = 0;
  write(value: number, count: number): this {
    for (let i = 0; i < count; i += 1) {
      if (this.bit % 8 === 0) this.bytes.push(0);
      const last = this.bytes.length - 1;
      this.bytes[last] = (this.bytes[last] ?? 0) | (((value >> i) & 1) << (this.bit % 8));
      this.bit += 1;
    }
    return this;
  }
  buffer(): Buffer {
    return Buffer.from(this.bytes);
  }
}

/**
 * A solid `width` × `height` lossless WebP (VP8L): five one-symbol prefix codes, so every pixel
 * costs no bits and any size is a few dozen bytes.
 */
export function webpFile(width: number, height: number): Buffer {
  const bits = new BitWriter()
    .write(0x2f, 8)
    .write(width - 1, 14)
    .write(height - 1, 14)
    .write(0, 1) // no alpha
    .write(0, 3) // version 0
    .write(0, 1) // no transform
    .write(0, 1) // no colour cache
    .write(0, 1); // no meta prefix codes
  // Green, red, blue, alpha: one 8-bit literal each; distance: symbol 0.
  for (const literal of [0xc8, 0xc8, 0xc8, 0xff])
    bits.write(1, 1).write(0, 1).write(1, 1).write(literal, 8);
  bits.write(1, 1).write(0, 1).write(0, 1).write(0, 1);
  const data = bits.buffer();
  const padded = data.length % 2 === 1 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
  const chunk = Buffer.concat([Buffer.from('VP8L'), u32le(data.length), padded]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(4 + chunk.length), Buffer.from('WEBP'), chunk]);
}

/** `objects` numbered from 1, with a correct cross-reference table. */
function pdfDocument(objects: string[], trailerExtra = ''): Buffer {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF of `pages` A4 pages; `text` is written on each (a test pattern), in Helvetica. */
export function pdfFile(
  pages: number,
  options: { text?: string; encrypted?: boolean } = {},
): Buffer {
  const font = 3;
  const firstPage = 4;
  const kids = Array.from({ length: pages }, (_, i) => `${firstPage + i * 2} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (let i = 0; i < pages; i += 1) {
    const text = (options.text ?? `Page ${i + 1}`).replace(/[()\\]/g, (c) => `\\${c}`);
    const stream = `BT /F1 14 Tf 72 770 Td (${text}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${firstPage + i * 2 + 1} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  }
  if (!options.encrypted) return pdfDocument(objects);
  const key = '0'.repeat(32);
  objects.push(`<< /Filter /Standard /V 1 /R 2 /O (${key}) /U (${key}) /P -4 >>`);
  return pdfDocument(objects, ` /Encrypt ${objects.length} 0 R /ID [<00> <00>]`);
}

/** Starts like a PDF and ends like one, with nothing a reader can open in between. */
export function brokenPdf(): Buffer {
  return Buffer.from('%PDF-1.7\nthis is not the body of a PDF\n%%EOF\n', 'latin1');
}

/** A web page named `statement.pdf`: what the PUT and the upload must refuse. */
export function htmlNamedPdf(): Buffer {
  return Buffer.from(
    '<!DOCTYPE html><html><body><script>fetch("/client/v1/profile")</script></body></html>\n',
  );
}

/** An SVG image with a script in it. */
export function svgFile(): Buffer {
  return Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
}

/** A GIF: an image, but not one of the allowed types. */
export function gifFile(): Buffer {
  return Buffer.from('474946383961010001000000002c00000000010001000002003b', 'hex');
}

/** A ZIP archive with one stored file. */
export function zipFile(name = 'passport.jpg', content = Buffer.from('hello')): Buffer {
  const fileName = Buffer.from(name);
  const crc = u32le(crc32(content));
  const size = u32le(content.length);
  const local = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    crc,
    size,
    size,
    Buffer.from([fileName.length, 0, 0, 0]),
    fileName,
    content,
  ]);
  const central = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x01, 0x02, 20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    crc,
    size,
    size,
    Buffer.from([fileName.length, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    fileName,
  ]);
  const end = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 1, 0, 1, 0]),
    u32le(central.length),
    u32le(local.length),
    Buffer.from([0, 0]),
  ]);
  return Buffer.concat([local, central, end]);
}

/** A real PNG that is also a ZIP archive (the archive appended): a polyglot. */
export function pngZipPolyglot(): Buffer {
  return Buffer.concat([pngFile(16, 16), zipFile()]);
}

/** A real, readable PDF whose first page's text is a script: a PDF that is also a web page. */
export function pdfHtmlPolyglot(): Buffer {
  return pdfFile(1, { text: '<script>alert(document.domain)</script>' });
}

/**
 * A one-page PDF that also declares `extra` tiny objects (`n 0 obj 1 endobj`, or `object`), without a
 * cross-reference table (readers rebuild one, as pdf-lib does): 306,000 of them make the 7 MB
 * that once kept the parser busy for most of a minute (issue 28, S4).
 */
export function manyObjectsPdf(extra: number, object = '1'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  for (let i = 0; i < extra; i += 1) objects.push(object);
  const body = objects.map((object, index) => `${index + 1} 0 obj ${object} endobj\n`);
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.from(['%PDF-1.7\n', ...body, trailer].join(''), 'latin1');
}

/** A JPEG's head, every segment up to its scan's, then `zeros` zero bytes as its scan (issue 28, S3). */
export function jpegHeadThenZeros(zeros: number): Buffer {
  const jpeg = jpegFile(1200, 800);
  const scanHeader = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  return Buffer.concat([jpeg.subarray(0, scanHeader + 10), Buffer.alloc(zeros)]);
}
