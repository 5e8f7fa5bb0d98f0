/** Rows as aligned columns, for a person reading the ops CLI's answers. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) =>
    rows.reduce((width, row) => Math.max(width, (row[column] ?? '').length), 0),
  );
  return rows
    .map((row) => row.map((cell, column) => cell.padEnd(widths?.[column] ?? 0)).join('  '))
    .map((line) => line.trimEnd())
    .join('\n');
}
