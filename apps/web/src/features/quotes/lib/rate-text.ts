/**
 * The server's rate lines ("1 GBP = 1,112.31808 INR", decimals after a point, thousands after
 * commas: `formatDecimalAmount` in the contracts) split into what the customer's language
 * writes again. The rate is kept as a plain decimal string: the browser reads the server's
 * figure, it never works one out (decision 11).
 */
export interface RateParts {
  from: string;
  /** A plain decimal string ("1112.31808"). */
  rate: string;
  to: string;
}

const SERVER_RATE_LINE = /^1 ([A-Z]{3}) = (\d{1,3}(?:,\d{3})*(?:\.\d+)?) ([A-Z]{3})$/;

/** The parts of a server rate line, or null for a line of another shape. */
export function rateParts(line: string): RateParts | null {
  const match = SERVER_RATE_LINE.exec(line);
  if (match === null) return null;
  const [, from = '', rate = '', to = ''] = match;
  return { from, rate: rate.replaceAll(',', ''), to };
}
