import { transactionStateCodes, type TransactionStateCode } from '@corridor/contracts';

/** The list's filters and page, as the address holds them (`?state&recipient&from&to&page`). */
export interface TransactionFilters {
  page: number;
  state?: TransactionStateCode;
  recipientId?: string;
  /** Whole days, YYYY-MM-DD. */
  startDate?: string;
  endDate?: string;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isStateCode(value: string | null): value is TransactionStateCode {
  return (transactionStateCodes as readonly (string | null)[]).includes(value);
}

/** A real calendar day as YYYY-MM-DD (not 2026-02-31), else undefined. */
function dateOf(value: string | null): string | undefined {
  if (value === null || !isoDate.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
    ? value
    : undefined;
}

/** The filters the address names; anything malformed is left out rather than sent to be refused. */
export function filtersFromParams(params: URLSearchParams): TransactionFilters {
  const page = Number(params.get('page'));
  const state = params.get('state');
  const recipient = params.get('recipient');
  const filters: TransactionFilters = { page: Number.isInteger(page) && page > 1 ? page : 1 };
  if (isStateCode(state)) filters.state = state;
  if (recipient !== null && uuid.test(recipient)) filters.recipientId = recipient;
  const startDate = dateOf(params.get('from'));
  const endDate = dateOf(params.get('to'));
  if (startDate !== undefined) filters.startDate = startDate;
  // The server refuses an end before the start: such an end is dropped.
  if (endDate !== undefined && (startDate === undefined || startDate <= endDate)) {
    filters.endDate = endDate;
  }
  return filters;
}

/** The address's parameters for these filters; the first page and empty filters are left out. */
export function paramsFromFilters(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state !== undefined) params.set('state', filters.state);
  if (filters.recipientId !== undefined) params.set('recipient', filters.recipientId);
  if (filters.startDate !== undefined) params.set('from', filters.startDate);
  if (filters.endDate !== undefined) params.set('to', filters.endDate);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** True when any filter (not the page) is set. */
export function isFiltered(filters: TransactionFilters): boolean {
  return (
    filters.state !== undefined ||
    filters.recipientId !== undefined ||
    filters.startDate !== undefined ||
    filters.endDate !== undefined
  );
}
