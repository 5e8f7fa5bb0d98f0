import type { Payment, Transaction } from '@corridor/contracts';
import {
  paymentChannel,
  realtimeEvents,
  transactionChannel,
} from '@corridor/contracts/wire/channels';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocale } from '@/i18n';
import { safeParseWith } from '@/lib/parse-with';
import { useTransaction } from '../api/get-transaction';
import { transactionKeys } from '../api/query-keys';
import { useChannelEvent } from './use-channel-event';

/** How often a watched transfer is asked for while realtime says nothing (the fallback). */
export const WATCH_POLL_MS = 10_000;
/** After this long waiting on one step, the screen says it is taking longer than usual. */
export const SLOW_WATCH_MS = 60_000;

export interface WatchOptions {
  /**
   * True while the screen waits for the server to move the transfer on: it is polled every
   * `pollMs`, and after SLOW_WATCH_MS on the same step `isSlow` turns on. False (settled, or
   * waiting for the customer) stops both; realtime and the tab's return still refresh it.
   */
  isWaiting: (transaction: Transaction) => boolean;
  pollMs?: number;
  /** Also apply the payment's own events (the pay and callback screens, docs/product/realtime.md). */
  followPayment?: boolean;
  /** The route's loader asked for the transfer on this navigation (transactionLoader). */
  fetchedByRoute?: boolean;
}

export interface WatchedTransaction {
  transaction: Transaction | undefined;
  /** The first load failed (a later poll's failure keeps the transfer shown). */
  error: unknown;
  isFetching: boolean;
  /** The same wait has lasted SLOW_WATCH_MS: say so, and offer a way on. */
  isSlow: boolean;
  refetch: () => void;
  /** A retry's new payment replaces the old one at once, and its channel is followed. */
  replacePayment: (payment: Payment) => void;
}

/**
 * A transfer kept live (docs/product/realtime.md#events; the watch protocol of the original's
 * payment screens): the transfer fetched at once, its channel subscribed after the first paint
 * and the transfer fetched again when the subscription lands, since events before it are lost;
 * TransactionStateUpdated fetches it again; the payment's events
 * apply the keys they carry; polling is the fallback while waiting, never once settled; the tab's
 * return refreshes it; a wait of a minute says so, never a spinner without end.
 */
export function useWatchedTransaction(id: string, options: WatchOptions): WatchedTransaction {
  const { isWaiting, pollMs = WATCH_POLL_MS, followPayment = false, fetchedByRoute } = options;
  const queryClient = useQueryClient();
  const locale = useLocale();
  const query = useTransaction(id, {
    refetchInterval: (transaction) =>
      transaction !== undefined && isWaiting(transaction) ? pollMs : false,
    fetchedByRoute,
  });
  const transaction = query.data;
  const { refetch } = query;

  // A state change: ask again, dropping a poll already in flight (its answer may be older). And
  // once subscribed: the channel is joined after the screen's first paint (issue 31), so a
  // change between the first answer and then was not heard.
  const askAgain = () =>
    void queryClient.invalidateQueries({ queryKey: [...transactionKeys.details(), id] });
  useChannelEvent(
    transactionChannel(id),
    realtimeEvents.transactionStateUpdated,
    (payload) => {
      void safeParseWith((contracts) => contracts.transactionStateUpdatedSchema, payload).then(
        (event) => {
          if (event?.transaction_id === id) askAgain();
        },
      );
    },
    askAgain,
  );

  // A payment event carries the payment's keys: apply those present, dropping a poll in flight;
  // once subscribed, ask again as above.
  const paymentId = followPayment ? transaction?.payment.id : undefined;
  useChannelEvent(
    paymentId === undefined ? null : paymentChannel(paymentId),
    realtimeEvents.paymentTransactionStateUpdated,
    (payload) => {
      void safeParseWith(
        (contracts) => contracts.paymentTransactionStateUpdatedSchema,
        payload,
      ).then(async (event) => {
        if (event === undefined) return;
        const key = transactionKeys.detail(locale, id);
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<Transaction>(key, (current) => {
          if (current === undefined || current.payment.id !== event.id) return current;
          const payment: Payment = {
            ...current.payment,
            state: event.state,
            shared_reference: event.shared_reference,
            payment_url: event.payment_url,
          };
          if (event.awaiting_confirmation !== undefined) {
            payment.awaiting_confirmation = event.awaiting_confirmation;
          }
          return { ...current, payment };
        });
      });
    },
    askAgain,
  );

  // Back to the tab: fetched once, fresh (a hidden tab neither polls nor may hear every event).
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  // The step waited on: loading, or the states while waiting; a new step starts the clock again.
  let waitingOn: string | null = null;
  if (transaction === undefined) waitingOn = query.isError ? null : 'loading';
  else if (isWaiting(transaction)) {
    waitingOn = `${transaction.state.code} ${transaction.payment.id} ${transaction.payment.state.code}`;
  }
  const [slowOn, setSlowOn] = useState<string | null>(null);
  useEffect(() => {
    if (waitingOn === null) return undefined;
    const timer = setTimeout(() => setSlowOn(waitingOn), SLOW_WATCH_MS);
    return () => clearTimeout(timer);
  }, [waitingOn]);

  const replacePayment = useCallback(
    (payment: Payment) => {
      queryClient.setQueryData<Transaction>(transactionKeys.detail(locale, id), (current) =>
        current === undefined ? current : { ...current, payment },
      );
    },
    [queryClient, locale, id],
  );

  return {
    transaction,
    error: transaction === undefined ? query.error : null,
    isFetching: query.isFetching,
    isSlow: waitingOn !== null && slowOn === waitingOn,
    refetch: () => void refetch(),
    replacePayment,
  };
}
