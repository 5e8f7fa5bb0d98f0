import { readXml, XmlError, type XmlElement } from './xml-reader.ts';

/**
 * The ECB's euro foreign exchange reference rates (eurofxref-daily.xml): one day's rates, each
 * in units of the currency per 1 EUR. The format is small and fixed:
 *
 *   <gesmes:Envelope xmlns:gesmes="…" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
 *     <gesmes:subject>Reference rates</gesmes:subject>
 *     <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
 *     <Cube><Cube time='2026-11-20'><Cube currency='USD' rate='1.1603'/>…</Cube></Cube>
 *   </gesmes:Envelope>
 *
 * Anything else (an HTML error page, a second day, a rate like "1,16" or "-1") is refused as a
 * whole: a half-read file must not become rates.
 */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';
const ECB_NAMESPACE = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref';

export interface EcbDailyRates {
  /** The publication day, YYYY-MM-DD. */
  date: string;
  /** Currency → units per 1 EUR, exactly as published ("1.1603"). */
  perEur: Map<string, string>;
}

export class EcbFeedError extends Error {
  constructor(message: string) {
    super(`ECB feed: ${message}`);
    this.name = 'EcbFeedError';
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const POSITIVE_DECIMAL = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,12})?$/;

/** A real day: "2026-02-30" is refused, where Date would roll it over to March. */
function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The one child named `name`, refusing none or several. */
function onlyChild(parent: XmlElement, name: string): XmlElement {
  const found = parent.children.filter((child) => child.name === name);
  if (found.length !== 1) {
    throw new EcbFeedError(`expected one <${name}> in <${parent.name}>, found ${found.length}`);
  }
  return found[0] as XmlElement;
}

function noText(element: XmlElement): void {
  if (element.text.trim() !== '') throw new EcbFeedError(`unexpected text in <${element.name}>`);
}

function rateOf(cube: XmlElement): [string, string] {
  const currency = cube.attributes.get('currency') ?? '';
  const rate = cube.attributes.get('rate') ?? '';
  if (cube.name !== 'Cube' || cube.children.length > 0 || cube.attributes.size !== 2) {
    throw new EcbFeedError('a rate must be <Cube currency="…" rate="…"/>');
  }
  noText(cube);
  if (!CURRENCY.test(currency) || currency === 'EUR') {
    throw new EcbFeedError(`bad currency ${JSON.stringify(currency.slice(0, 10))}`);
  }
  if (!POSITIVE_DECIMAL.test(rate) || !/[1-9]/.test(rate)) {
    throw new EcbFeedError(`bad rate for ${currency}: ${JSON.stringify(rate.slice(0, 20))}`);
  }
  return [currency, rate];
}

/** One day's rates from the file's text, or an EcbFeedError. */
export function parseEcbDaily(source: string): EcbDailyRates {
  let root: XmlElement;
  try {
    root = readXml(source);
  } catch (error) {
    if (error instanceof XmlError) throw new EcbFeedError(`malformed XML (${error.message})`);
    throw error;
  }
  if (root.name !== 'gesmes:Envelope' || root.attributes.get('xmlns') !== ECB_NAMESPACE) {
    throw new EcbFeedError('not a eurofxref envelope');
  }
  const outer = onlyChild(root, 'Cube');
  noText(outer);
  if (outer.attributes.size !== 0 || outer.children.length !== 1) {
    throw new EcbFeedError('expected exactly one day of rates');
  }
  const day = onlyChild(outer, 'Cube');
  noText(day);
  const date = day.attributes.get('time') ?? '';
  if (day.attributes.size !== 1 || !isCalendarDate(date)) {
    throw new EcbFeedError(`bad day ${JSON.stringify(date.slice(0, 20))}`);
  }
  const perEur = new Map<string, string>();
  for (const cube of day.children) {
    const [currency, rate] = rateOf(cube);
    if (perEur.has(currency)) throw new EcbFeedError(`${currency} is given twice`);
    perEur.set(currency, rate);
  }
  if (perEur.size === 0) throw new EcbFeedError('no rates');
  return { date, perEur };
}

const berlinOffset = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  timeZoneName: 'shortOffset',
});

/**
 * When a day's rates were set: 14:10 in Frankfurt (CET or CEST), the ECB's daily concertation.
 * Their age, and so whether they may still be quoted, counts from then.
 */
export function ecbRateTime(date: string): Date {
  const noonUtc = new Date(`${date}T12:00:00Z`);
  const zone = berlinOffset.formatToParts(noonUtc).find((part) => part.type === 'timeZoneName');
  const hours = /^GMT\+(\d)$/.exec(zone?.value ?? '')?.[1] ?? '1';
  return new Date(`${date}T14:10:00+0${hours}:00`);
}
