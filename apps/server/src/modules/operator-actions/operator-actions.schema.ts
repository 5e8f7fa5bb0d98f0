import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, sqlList } from '../../db/columns.ts';
import { operatorActionCodes, operatorSubjectTypes } from './operator-action-codes.ts';

/**
 * What an operator did through the ops CLI (docs/decisions/0039-operator-actions.md): who, what,
 * to which subject, why and when. Written in the same transaction as the change it explains;
 * appended, never changed.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: uuid('id').primaryKey(),
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    subject_type: text('subject_type').notNull(),
    subject_id: text('subject_id').notNull(),
    reason: text('reason').notNull(),
    at: at('at').notNull(),
  },
  (table) => [
    index('operator_actions_subject_idx').on(table.subject_type, table.subject_id, table.at),
    check(
      'operator_actions_action_check',
      sql`${table.action} in (${sqlList(operatorActionCodes)})`,
    ),
    check(
      'operator_actions_subject_type_check',
      sql`${table.subject_type} in (${sqlList(operatorSubjectTypes)})`,
    ),
    check('operator_actions_operator_check', sql`length(trim(${table.operator})) > 0`),
    check('operator_actions_reason_check', sql`length(trim(${table.reason})) > 0`),
  ],
);
