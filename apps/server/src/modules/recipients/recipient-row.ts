import { sql } from 'drizzle-orm';
import type { RecipientType } from './channels/index.ts';
import type { RecipientValues } from './recipient-values.ts';
import { recipients } from './recipients.schema.ts';

/** A recipient as stored: the channel's values and the columns lists and searches read. */
export interface RecipientRow {
  id: string;
  customer_id: string;
  channel_id: string;
  payout_target_id: string;
  payout_method_id: string;
  recipient_type: RecipientType;
  relationship_id: string;
  name: string;
  second_name: string | null;
  third_name: string | null;
  whole_name: string;
  account_number: string | null;
  values: RecipientValues;
  first_transaction_at: Date | null;
  recent_transaction_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns a read of a whole recipient selects (or a write returns). */
export const recipientColumns = {
  id: recipients.id,
  customer_id: recipients.customer_id,
  channel_id: recipients.channel_id,
  payout_target_id: recipients.payout_target_id,
  payout_method_id: recipients.payout_method_id,
  recipient_type: sql<RecipientType>`${recipients.recipient_type}`,
  relationship_id: recipients.relationship_id,
  name: recipients.name,
  second_name: recipients.second_name,
  third_name: recipients.third_name,
  whole_name: recipients.whole_name,
  account_number: recipients.account_number,
  values: sql<RecipientValues>`${recipients.values}`,
  first_transaction_at: recipients.first_transaction_at,
  recent_transaction_at: recipients.recent_transaction_at,
  created_at: recipients.created_at,
  updated_at: recipients.updated_at,
};
