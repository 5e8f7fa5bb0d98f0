import {
  apiPaths,
  customerSchema,
  type AttributeCategory,
  type AttributeValues,
  type Customer,
} from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
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
  const { data } = await httpClient.post<unknown>(apiPaths.updateAttributes, values, {
    params: { category },
  });
  return customerSchema.parse(data);
}

/** Saves the attributes and stores the customer the server returned (SPEC §4). */
export function useUpdateAttributes() {
  return useMutation({ mutationFn: updateAttributes, onSuccess: setCustomer });
}
