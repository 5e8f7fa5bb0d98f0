import type { AmountType, PayoutCompany, QuoteRequest } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText, type PlainTextKey } from '../../i18n/index.ts';
import type { Money } from '../../lib/money.ts';
import type { MethodInfo, TargetInfo } from '../payouts/index.ts';
import { findCorridorPricing, type SourceCurrency } from '../pricing/index.ts';
import { DEFAULT_SEND_AMOUNTS, parseQuoteAmount } from './quote-amount.ts';
import type { QuoteDirectory, SourceInfo } from './quote-directory.ts';

/** What a quote request chose, every default filled in and every id checked. */
export interface QuoteSelection {
  source: SourceInfo;
  target: TargetInfo;
  method: MethodInfo;
  company: PayoutCompany | null;
  amount_type: AmountType;
  amount: Money;
  /** The sources this customer may pay from: their country's, or every one before they chose. */
  sources: SourceInfo[];
}

type Directory = Awaited<ReturnType<QuoteDirectory['load']>>;
type FieldErrors = Map<string, string>;

const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b;

/** The source: the customer's country's (or the first before they chose one), or the asked one. */
function chooseSource(
  directory: Directory,
  request: QuoteRequest,
  customerIso2: string | null,
  errors: FieldErrors,
): { source: SourceInfo | undefined; sources: SourceInfo[] } {
  const own = customerIso2 === null ? undefined : directory.sourceByIso2.get(customerIso2);
  const sources = own ? [own] : directory.sources;
  let source: SourceInfo | undefined = sources[0];
  if (request.payment_country_id !== undefined) {
    source = sources.find((s) => same(request.payment_country_id, s.country_id));
    if (!source) {
      const served = directory.sources.some((s) => same(request.payment_country_id, s.country_id));
      const text: PlainTextKey = served
        ? 'quotes.paymentCountryNotYours'
        : 'quotes.paymentCountryNotServed';
      errors.set('payment_country_id', apiText(text));
    }
  } else if (request.payment_currency_id !== undefined) {
    source = sources.find((s) => same(request.payment_currency_id, s.currency_id)) ?? source;
  }
  if (source && request.payment_currency_id !== undefined) {
    if (!same(request.payment_currency_id, source.currency_id)) {
      errors.set('payment_currency_id', apiText('quotes.paymentCurrencyNotServed'));
    }
  }
  return { source, sources };
}

/** The target and method: from the method when it is given, else the country or currency. */
function chooseTarget(
  directory: Directory,
  request: QuoteRequest,
  errors: FieldErrors,
): { target: TargetInfo | undefined; method: MethodInfo | undefined } {
  const methodId = request.payout_method_id?.toLowerCase();
  const asked = methodId === undefined ? undefined : directory.methodById.get(methodId);
  if (methodId !== undefined && !asked) {
    errors.set('payout_method_id', apiText('quotes.payoutMethodNotServed'));
  }
  let target = asked ? directory.targetById.get(asked.target_id) : undefined;
  if (request.payout_country_id !== undefined) {
    const byCountry = directory.targetByCountryId.get(request.payout_country_id.toLowerCase());
    if (!byCountry) errors.set('payout_country_id', apiText('quotes.payoutCountryNotServed'));
    else if (target && target !== byCountry) {
      errors.set('payout_method_id', apiText('quotes.payoutMethodNotServed'));
    } else target = byCountry;
  }
  const currencyId = request.payout_currency_id;
  if (currencyId !== undefined) {
    target ??= directory.targets.find((candidate) => same(currencyId, candidate.currency.id));
    if (!target || !same(currencyId, target.currency.id)) {
      errors.set('payout_currency_id', apiText('quotes.payoutCurrencyNotServed'));
    }
  }
  target ??= directory.targets[0];
  return { target, method: asked ?? target?.methods[0] };
}

function chooseCompany(
  method: MethodInfo,
  companyId: string | undefined,
  errors: FieldErrors,
): PayoutCompany | null {
  if (companyId === undefined) return method.companies[0] ?? null;
  const company = method.companies.find((candidate) => same(companyId, candidate.id));
  if (!company) errors.set('payout_company_id', apiText('quotes.payoutCompanyNotOfMethod'));
  return company ?? null;
}

/** The amount typed, on its side; none: the source's default amount to send. */
function chooseAmount(
  request: QuoteRequest,
  source: SourceInfo,
  target: TargetInfo,
  errors: FieldErrors,
): { amount_type: AmountType; amount: Money | undefined } {
  if (request.amount === undefined) {
    const text = DEFAULT_SEND_AMOUNTS[source.currency as SourceCurrency];
    return { amount_type: 'send', amount: parseQuoteAmount(text, source.currency) };
  }
  const amountType = request.amount_type ?? 'send';
  const currency = amountType === 'send' ? source.currency : target.currency.iso_alpha;
  try {
    return { amount_type: amountType, amount: parseQuoteAmount(request.amount, currency) };
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    errors.set('amount', error.fieldErrors.amount?.[0] ?? error.message);
    return { amount_type: amountType, amount: undefined };
  }
}

/**
 * Reads a quote request against the reference data: every id must be one Corridor serves and
 * fit the others (a method of the target, a partner of the method), or the answer is a 422 on
 * each key that does not, with every such key at once.
 */
export function selectQuote(
  directory: Directory,
  request: QuoteRequest,
  customerIso2: string | null,
): QuoteSelection {
  const errors: FieldErrors = new Map();
  const { source, sources } = chooseSource(directory, request, customerIso2, errors);
  const { target, method } = chooseTarget(directory, request, errors);
  const company = method ? chooseCompany(method, request.payout_company_id, errors) : null;
  const priced =
    source &&
    target &&
    method &&
    findCorridorPricing({
      source_currency: source.currency,
      target_currency: target.currency.iso_alpha,
      method: method.code,
    });
  if (source && target && method && !priced && !errors.has('payout_method_id')) {
    errors.set('payout_method_id', apiText('quotes.payoutMethodNotServed'));
  }
  const amount = source && target ? chooseAmount(request, source, target, errors) : undefined;
  if (errors.size > 0 || !source || !target || !method || !amount?.amount) {
    throw AppError.validation(
      Object.fromEntries([...errors].map(([field, message]) => [field, [message]])),
    );
  }
  return { source, target, method, company, ...amount, amount: amount.amount, sources };
}
