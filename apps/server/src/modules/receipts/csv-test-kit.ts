// Test code: a strict RFC 4180 reader (quoted fields, doubled quotes, CRLF records).

/** The records of `text`; throws on anything RFC 4180 does not allow. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '"' && field === '') {
      const end = /^"((?:[^"]|"")*)"/.exec(text.slice(index));
      if (!end?.[1] && end?.[1] !== '') throw new Error(`unclosed quote at ${index}`);
      field = end[1].replace(/""/g, '"');
      index += end[0].length;
      if (![',', '\r', undefined].includes(text[index]))
        throw new Error(`text after a quote at ${index}`);
      continue;
    }
    if (char === ',') {
      record.push(field);
      field = '';
      index += 1;
    } else if (char === '\r') {
      if (text[index + 1] !== '\n') throw new Error(`a CR without LF at ${index}`);
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 2;
    } else if (char === '\n' || char === '"') {
      throw new Error(`a bare ${JSON.stringify(char)} at ${index}`);
    } else {
      field += char;
      index += 1;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('the last record does not end in CRLF');
  return records;
}
