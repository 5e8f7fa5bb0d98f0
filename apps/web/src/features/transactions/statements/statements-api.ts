import type { Currency, Statement, StatementRequestBody } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { transactionKeys } from '../api/query-keys';

/** While a statement is being made, the list is asked again this often. */
export const STATEMENTS_POLL_MS = 5_000;

export const statementKeys = {
  currencies: (locale: string) => [...transactionKeys.all, 'payment-currencies', locale] as const,
  list: (locale: string) => [...transactionKeys.all, 'statements', locale] as const,
};

/** GET /client/v1/transaction/payment/currencies: the currencies the customer has paid in. */
export function usePaymentCurrencies() {
  const locale = useLocale();
  return useQuery({
    queryKey: statementKeys.currencies(locale),
    queryFn: async ({ signal }): Promise<Currency[]> => {
      const { data } = await httpClient.get(apiPaths.paymentCurrencies, { signal });
      return (await parseWith((contracts) => contracts.paymentCurrenciesSchema, data)).data;
    },
  });
}

/** GET /client/v1/transaction/statements: newest first; polled while one is being made. */
export function useStatements() {
  const locale = useLocale();
  return useQuery({
    queryKey: statementKeys.list(locale),
    queryFn: async ({ signal }): Promise<Statement[]> => {
      const { data } = await httpClient.get(apiPaths.statements, { signal });
      return (await parseWith((contracts) => contracts.statementListSchema, data)).data;
    },
    refetchInterval: (query) =>
      query.state.data?.some((statement) => statement.state === 'PREPARING')
        ? STATEMENTS_POLL_MS
        : false,
  });
}

/**
 * POST /client/v1/transaction/statement (docs/product/sending-money.md#receipts-and-statements):
 * the statement is made by a job and emailed; answers the message to show.
 */
export async function requestStatement(body: StatementRequestBody): Promise<string> {
  const { data } = await httpClient.post(apiPaths.statement, body);
  const message = (data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}
