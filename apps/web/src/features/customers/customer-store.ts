import type { Customer } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient, type RequestOptions } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { queryClient } from '@/lib/query-client';

/** Fetches the signed-in customer and checks it against the shared wire format. */
export async function fetchCustomer(options?: RequestOptions): Promise<Customer> {
  const { data } = await httpClient.get(apiPaths.profile, options);
  return parseWith((contracts) => contracts.customerSchema, data);
}

/**
 * The stored customer (docs/product/web-app.md#states-and-transitions). It only changes when told to: a refresh, or a customer the
 * server returned from another call; so it never goes stale on its own nor is dropped when unused.
 */
export const customerQuery = queryOptions({
  queryKey: ['customer'] as const,
  queryFn: () => fetchCustomer(),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The stored customer, if one is loaded. */
export function getCustomer(): Customer | undefined {
  return queryClient.getQueryData(customerQuery.queryKey);
}

/**
 * The stored customer, fetching it first when none is stored. With `skipAuthRedirect` a 401
 * rejects without leaving the page, for callers (route loaders) that redirect themselves.
 */
export function ensureCustomer(options: { skipAuthRedirect?: boolean } = {}): Promise<Customer> {
  return queryClient.ensureQueryData({
    ...customerQuery,
    queryFn: () => fetchCustomer({ skipAuthRedirect: options.skipAuthRedirect === true }),
  });
}

/**
 * Fetches the profile again and stores it. Calls made while a fetch is in flight share that
 * fetch (docs/product/web-app.md#states-and-transitions): the query cache hands every caller the same promise.
 */
export function refreshCustomer(): Promise<Customer> {
  return queryClient.fetchQuery({ ...customerQuery, staleTime: 0 });
}

/** Replaces the stored customer with one the server returned (sign-up, sign-in, MFA, updates). */
export function setCustomer(customer: Customer): void {
  // A profile fetch still in flight was asked before this answer: its older customer must not
  // overwrite this one when it lands. Cancelling reverts the query at once, before the write.
  void queryClient.cancelQueries({ queryKey: customerQuery.queryKey, exact: true });
  queryClient.setQueryData(customerQuery.queryKey, customer);
}

/** Forgets the stored customer (sign-out). */
export function clearCustomer(): void {
  queryClient.removeQueries({ queryKey: customerQuery.queryKey, exact: true });
}

/**
 * The stored customer for components. It never fetches by itself: the signed-in layout's
 * loader has loaded it before any signed-in screen renders.
 */
export function useCustomer(): Customer | undefined {
  return useQuery({ ...customerQuery, enabled: false }).data;
}
