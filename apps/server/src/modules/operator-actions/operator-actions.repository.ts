import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import type { OperatorActionCode, OperatorSubjectType } from './operator-action-codes.ts';
import { operatorActions } from './operator-actions.schema.ts';

export interface NewOperatorAction {
  id: string;
  operator: string;
  action: OperatorActionCode;
  subjectType: OperatorSubjectType;
  subjectId: string;
  reason: string;
  at: Date;
}

export function createOperatorActionsRepository() {
  return {
    /** Appends the record, in the transaction of the change it explains. */
    async record(tx: Executor, action: NewOperatorAction): Promise<void> {
      await tx.insert(operatorActions).values({
        id: action.id,
        operator: action.operator,
        action: action.action,
        subject_type: action.subjectType,
        subject_id: action.subjectId,
        reason: action.reason,
        at: action.at,
      });
    },

    /** What operators did to one subject, oldest first. */
    async actionsOn(ex: Executor, subjectType: OperatorSubjectType, subjectId: string) {
      const rows = await ex
        .select()
        .from(operatorActions)
        .where(
          and(
            eq(operatorActions.subject_type, subjectType),
            eq(operatorActions.subject_id, subjectId),
          ),
        )
        .orderBy(asc(operatorActions.at), asc(operatorActions.id));
      return rows.map((row) => ({
        operator: row.operator,
        action: row.action,
        reason: row.reason,
        at: row.at.toISOString(),
      }));
    },
  };
}
