import type { DocumentCategoryCode, Locale } from '@corridor/contracts';
import type { Executor } from '../../../db/executor.ts';
import { apiText, translate } from '../../../i18n/index.ts';
import type { Outbox } from '../../../outbox/index.ts';
import { mailMessage, mailMessages } from '../../mail/index.ts';
import { categoryByCode, typeByCode } from '../document-catalogue.ts';

/** The document a mail is about, and who it goes to. */
export interface NotifiedDocument {
  category: DocumentCategoryCode;
  type: string;
  to: { email: string; locale: Locale };
}

/**
 * The review's emails (issue 16), each written to the outbox in the decision's transaction and
 * sent after its commit, in the customer's language: approved, or rejected with the reason (an
 * operator's words as they wrote them) and a link to hand the document in again.
 */
export function createReviewNotifier(
  outbox: Pick<Outbox, 'add'>,
  { appUrl, sandboxNotice }: { appUrl: string; sandboxNotice: boolean },
) {
  const deliver = (tx: Executor, message: ReturnType<typeof mailMessages.documentApproved>) =>
    // Mail to one address goes out in the order it was written (as the accounts module's).
    outbox.add(tx, mailMessage({ type: 'mailbox', id: message.to }, message));

  const titleOf = (document: NotifiedDocument) => {
    const type = typeByCode(document.category, document.type);
    const key = type?.title ?? categoryByCode(document.category).title;
    return translate(apiText(key), document.to.locale);
  };

  return {
    async approved(tx: Executor, document: NotifiedDocument): Promise<void> {
      await deliver(
        tx,
        mailMessages.documentApproved({
          to: document.to.email,
          locale: document.to.locale,
          sandboxNotice,
          document: titleOf(document),
          url: `${appUrl}/account-verification`,
        }),
      );
    },

    async rejected(tx: Executor, document: NotifiedDocument, reason: string): Promise<void> {
      const category = categoryByCode(document.category);
      await deliver(
        tx,
        mailMessages.documentRejected({
          to: document.to.email,
          locale: document.to.locale,
          sandboxNotice,
          document: titleOf(document),
          reason: translate(reason, document.to.locale),
          url: `${appUrl}/account-verification/upload/${category.id}`,
        }),
      );
    },
  };
}

export type ReviewNotifier = ReturnType<typeof createReviewNotifier>;
