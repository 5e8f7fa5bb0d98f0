/**
 * The payout channels (recipient forms) of every target and method, their options and
 * sub-options, and the set of targets and methods Corridor serves.
 */
export {
  channelById,
  channelFor,
  channelResource,
  optionById,
  payoutChannels,
} from './catalogue.ts';
export type {
  AttributeFormat,
  AttributeRule,
  ChannelAttribute,
  ChannelAttributeType,
  ChannelConfiguration,
  ChannelInputMode,
  DeliveryOption,
  PayoutChannel,
  PayoutChannelResource,
  RecipientType,
} from './channel-types.ts';
export { subDeliveryOptions } from './options.ts';
export {
  isTargetCountry,
  PAYOUT_METHODS_BY_TARGET,
  TARGET_COUNTRIES,
  type PayoutMethodCode,
  type TargetCountry,
} from './payout-methods.ts';
export { PAYOUT_NAMESPACE, uuidV5 } from './stable-id.ts';
