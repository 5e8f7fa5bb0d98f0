import {
  apiPaths,
  customerSchema,
  type Customer,
  type UpdateMobileNumberRequest,
} from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { setCustomer } from '../customer-store';

/** POST /client/v1/update-mobile-number: checked for the country, stored E.164. */
export async function updateMobileNumber(request: UpdateMobileNumberRequest): Promise<Customer> {
  const { data } = await httpClient.post<unknown>(apiPaths.updateMobileNumber, request);
  return customerSchema.parse(data);
}

/** Saves the number and stores the customer the server returned (SPEC §4). */
export function useUpdateMobileNumber() {
  return useMutation({ mutationFn: updateMobileNumber, onSuccess: setCustomer });
}
