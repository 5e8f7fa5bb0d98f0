import type { DisclosureTexts } from './disclosure-texts.ts';

/** The disclosure's English words, the source (disclosure-texts.ts). */
const en: DisclosureTexts = {
  title: 'What you pay and what arrives',
  amountSent: 'Amount sent',
  fee: 'Transfer fee',
  midMarketRate: 'Mid-market rate',
  ourRate: 'Our exchange rate',
  markup: 'Our markup on the rate',
  markupValue: '{percent} over the mid-market rate',
  totalCost: 'Total cost (fee and markup)',
  totalCostValue: '{amount} ({percent} of what you send)',
  total: 'Total (amount sent and fee)',
  recipientGets: 'Amount the recipient receives',
  availableBy: 'Available to the recipient by',
  cancel: 'Your right to cancel',
  cancelUntil:
    'You can cancel free of charge until {until} and get back everything you paid, unless the money has already been paid out: open the transfer in Corridor and choose Cancel, or contact us at {email}.',
  cancelAfterPaying:
    'You can cancel free of charge for 30 minutes after you pay and get back everything you paid, unless the money has already been paid out: open the transfer in Corridor and choose Cancel, or contact us at {email}.',
  dispute: 'Your right to dispute',
  disputeValue:
    'If something goes wrong with your transfer, tell us within 180 days of the date above at {email}. We will look into it and tell you what we found within 90 days.',
  disputeValueNumbered:
    'If something goes wrong with transfer {number}, tell us within 180 days of the date above at {email}, quoting its number. We will look into it and tell you what we found within 90 days.',
};

export default en;
