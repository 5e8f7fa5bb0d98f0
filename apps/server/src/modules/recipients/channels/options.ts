import { BANKS, WALLETS } from './banks.ts';
import type { DeliveryOption } from './channel-types.ts';
import type { TargetCountry } from './payout-methods.ts';
import { uuidV5 } from './stable-id.ts';

/**
 * Options with stable ids: a version-5 UUID of what the option is ("bank/NG/058"), so an id
 * stored with a recipient means the same bank after any restart or re-seed.
 */
const option = (path: string, code: string, title: string): DeliveryOption => ({
  id: uuidV5(`${path}/${code}`),
  code,
  title,
});

export const bankOptions = (country: TargetCountry): DeliveryOption[] =>
  BANKS[country].map((bank) => option(`bank/${country}`, bank.code, bank.title));

export const walletOptions = (country: TargetCountry): DeliveryOption[] =>
  (WALLETS[country] ?? []).map(([code, title]) => option(`wallet/${country}`, code, title));

/** A choice of a select attribute (its title is English, from the texts catalogue). */
export const selectOption = (
  country: TargetCountry,
  attribute: string,
  code: string,
  title: string,
): DeliveryOption => option(`option/${country}/${attribute}`, code, title);

/** Each bank's branches by the bank option's id; [] for a bank whose transfers name none. */
const branchesByBank: ReadonlyMap<string, readonly DeliveryOption[]> = new Map(
  (Object.keys(BANKS) as TargetCountry[]).flatMap((country) =>
    BANKS[country].map((bank) => [
      option(`bank/${country}`, bank.code, bank.title).id,
      (bank.branches ?? []).map(([code, title]) =>
        option(`branch/${country}/${bank.code}`, code, title),
      ),
    ]),
  ),
);

/**
 * The sub-options of a delivery option (`GET /client/v1/resources/sub-delivery-options/{id}`):
 * a bank's branches, [] for a bank or wallet without any, undefined for an unknown id.
 */
export function subDeliveryOptions(
  deliveryOptionId: string,
): readonly DeliveryOption[] | undefined {
  const id = deliveryOptionId.toLowerCase();
  const branches = branchesByBank.get(id);
  if (branches) return branches;
  const isWallet = (Object.keys(WALLETS) as TargetCountry[]).some((country) =>
    walletOptions(country).some((wallet) => wallet.id === id),
  );
  return isWallet ? [] : undefined;
}

/** Every branch, for finding one by id. */
export const allBranches = (): DeliveryOption[] => [...branchesByBank.values()].flat();
