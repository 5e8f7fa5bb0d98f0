import { apiText } from '../../../i18n/index.ts';
import { assemble } from './attribute-assembly.ts';
import { mobileAttribute, personNames, walletAttribute } from './attributes.ts';
import { BANK_FORMS } from './bank-forms.ts';
import type {
  ChannelConfiguration,
  DeliveryOption,
  PayoutChannel,
  PayoutChannelResource,
} from './channel-types.ts';
import { allBranches, walletOptions } from './options.ts';
import {
  PAYOUT_METHODS_BY_TARGET,
  TARGET_COUNTRIES,
  type PayoutMethodCode,
  type TargetCountry,
} from './payout-methods.ts';
import { uuidV5 } from './stable-id.ts';

/**
 * The payout channels: the recipient form of every target and method Corridor serves, typed
 * data in code like the customer attribute catalogue (docs/decisions/0008, 0022). They change
 * only with a release; ids are derived from what they are, so they survive any re-seed.
 */

const DEFAULT_CONFIGURATION: ChannelConfiguration = {
  recipient_type: null,
  confirm_account_number: false,
  name_lookup_requirements: [],
  name_validation_requirements: [],
};

/** Wallets and cash pickup pay people: the recipient type is fixed, and the step skipped. */
const forPeople: Partial<ChannelConfiguration> = { recipient_type: 'individual' };

function form(country: TargetCountry, method: PayoutMethodCode) {
  switch (method) {
    case 'BANK-ACCOUNT':
      return BANK_FORMS[country]();
    case 'MOBILE-WALLET':
      return {
        specs: [
          ...personNames(apiText('recipients.help.nameOnWallet')),
          walletAttribute(walletOptions(country)),
          mobileAttribute(country, apiText('recipients.help.walletNumber')),
        ],
        configuration: forPeople,
      };
    case 'CASH-PICKUP':
      return {
        specs: [
          ...personNames(apiText('recipients.help.nameOnId')),
          mobileAttribute(country, apiText('recipients.help.pickupNumber')),
        ],
        configuration: forPeople,
      };
  }
}

function buildChannel(country: TargetCountry, method: PayoutMethodCode): PayoutChannel {
  const { currency } = PAYOUT_METHODS_BY_TARGET[country];
  const { specs, configuration } = form(country, method);
  return {
    id: uuidV5(`channel/${country}/${currency}/${method}`),
    country,
    currency,
    method,
    configuration: { ...DEFAULT_CONFIGURATION, ...configuration },
    ...assemble(specs),
  };
}

const channels: readonly PayoutChannel[] = TARGET_COUNTRIES.flatMap((country) =>
  PAYOUT_METHODS_BY_TARGET[country].methods.map((method) => buildChannel(country, method)),
);
const channelsById = new Map(channels.map((channel) => [channel.id, channel]));
const options = new Map<string, DeliveryOption>(
  [
    ...channels.flatMap((channel) => channel.attributes.flatMap((attribute) => attribute.options)),
    ...allBranches(),
  ].map((option) => [option.id, option]),
);

/** Every payout channel, by target then method. */
export const payoutChannels = (): readonly PayoutChannel[] => channels;

/** The channel of a target (ISO alpha-2 country, ISO 4217 currency) and method, if served. */
export function channelFor(
  country: string,
  currency: string,
  method: string,
): PayoutChannel | undefined {
  return channels.find(
    (channel) =>
      channel.country === country.toUpperCase() &&
      channel.currency === currency.toUpperCase() &&
      channel.method === method,
  );
}

export const channelById = (id: string): PayoutChannel | undefined =>
  channelsById.get(id.toLowerCase());

/** Any option of any channel (bank, wallet, branch, select choice) by its id. */
export const optionById = (id: string): DeliveryOption | undefined => options.get(id.toLowerCase());

/** What `GET /client/v1/payout/channel` answers, before the route translates the texts. */
export function channelResource(channel: PayoutChannel): PayoutChannelResource {
  return { id: channel.id, configuration: channel.configuration, attributes: channel.attributes };
}
