import { channelPatterns, type ChannelKind } from '@corridor/contracts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Who may join which channel (docs/product/realtime.md#channels): the one place that decides, before anything is
 * signed. A customer joins only its own channels; everything else is refused and logged.
 */
export interface ChannelOwnership {
  ownsTransaction(customerId: string, transactionId: string): Promise<boolean>;
  ownsPayment(customerId: string, paymentId: string): Promise<boolean>;
}

/** No transactions or payments exist yet: nobody owns any. */
export const noOwnership: ChannelOwnership = {
  ownsTransaction: async () => false,
  ownsPayment: async () => false,
};

export type ChannelDecision =
  { allowed: true; channelData?: string } | { allowed: false; reason: string };

export interface ChannelAccess {
  /** Decides, and logs a refusal (ASVS 16.3.2) on the request's logger. */
  authorize(customerId: string, channel: string, log: FastifyBaseLogger): Promise<ChannelDecision>;
}

const PATTERNS = (Object.keys(channelPatterns) as ChannelKind[]).map((kind) => ({
  kind,
  pattern: channelPatterns[kind],
}));

export function createChannelAccess(ownership: ChannelOwnership = noOwnership): ChannelAccess {
  const decide = async (customerId: string, channel: string): Promise<ChannelDecision> => {
    for (const { kind, pattern } of PATTERNS) {
      const id = pattern.exec(channel)?.[1];
      if (id === undefined) continue;
      switch (kind) {
        case 'customer':
          return id === customerId
            ? { allowed: true }
            : { allowed: false, reason: 'another customer' };
        case 'transaction':
          return (await ownership.ownsTransaction(customerId, id))
            ? { allowed: true }
            : { allowed: false, reason: 'transaction not owned' };
        case 'payment':
          return (await ownership.ownsPayment(customerId, id))
            ? { allowed: true }
            : { allowed: false, reason: 'payment not owned' };
      }
    }
    return { allowed: false, reason: 'unknown channel' };
  };
  return {
    async authorize(customerId, channel, log) {
      const decision = await decide(customerId, channel);
      if (!decision.allowed) {
        log.warn(
          {
            event: 'realtime.channel_denied',
            customer_id: customerId,
            channel,
            reason: decision.reason,
          },
          'realtime: channel denied',
        );
      }
      return decision;
    },
  };
}
