import type { AttributeCategory, AttributeValues, Customer } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { setCustomer } from '../customer-store';

export interface UpdateAttributesRequest {
  category: AttributeCategory;
  values: AttributeValues;
}

/** POST /client/v1/update?category=X: saves one category's attributes; answers the customer. */
export async function updateAttributes({
  category,
  values,
}: UpdateAttributesRequest): Promise<Customer> {
  const { data } = await httpClient.post(apiPaths.updateAttributes, values, {
    params: { category },
  });
  return parseWith((contracts) => contracts.customerSchema, data);
}

/** Saves the attributes and stores the customer the server returned (docs/product/web-app.md#states-and-transitions). */
export function useUpdateAttributes() {
  return useMutation({ mutationFn: updateAttributes, onSuccess: setCustomer });
}
