import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useT } from '@/i18n';
import { useCountdown } from '@/lib/use-countdown';
import { ClockIcon } from '@/ui/icons';
import { Notice } from '@/ui/notice';
import { transferMessages } from '../messages';

/** Seconds from now until `expiresAt`, never negative. */
export function secondsUntil(expiresAt: string): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000));
}

/** "4:05": minutes and seconds of what is left. */
function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface RateLockProps {
  expiresAt: string;
  /** The server says the quote expired (`is_expired`, or a 412 quote_expired). */
  expired: boolean;
  onExpired: () => void;
  onRequote: () => void;
  requoting: boolean;
  /** Why the last re-quote failed, if it did. */
  requoteFailure: string | null;
}

/**
 * How long the quote's rate stays locked (its `expires_at`, docs/product/sending-money.md#the-saved-quote),
 * counted down every second; then a way to a new rate. The clock itself is a timer (not read
 * out); a polite live region says the minutes left as each one passes, so a screen reader
 * hears it 30 times at most, not every second.
 */
export function RateLock({
  expiresAt,
  expired,
  onExpired,
  onRequote,
  requoting,
  requoteFailure,
}: RateLockProps) {
  const t = useT(transferMessages);
  const { secondsLeft, restart } = useCountdown(secondsUntil(expiresAt));
  useEffect(() => restart(secondsUntil(expiresAt)), [expiresAt, restart]);
  const over = expired || secondsLeft === 0;
  const told = useRef(false);
  useEffect(() => {
    if (over && !told.current) {
      told.current = true;
      onExpired();
    }
  }, [over, onExpired]);

  if (over) {
    return (
      <Notice tone="info" role="status" title={t('lock.expired')}>
        <p>{t('lock.expiredText')}</p>
        {requoteFailure !== null && <p role="alert">{requoteFailure}</p>}
        <Button mt="xs" onClick={onRequote} loading={requoting}>
          {t('lock.requote')}
        </Button>
      </Notice>
    );
  }
  const minutes = Math.ceil(secondsLeft / 60);
  return (
    <div className="transfer-lock">
      <ClockIcon size={16} />
      <span>{t('lock.label')}</span>
      <span role="timer" className="transfer-lock__time" data-testid="rate-lock-time">
        {clockText(secondsLeft)}
      </span>
      <span className="transfer-rail__hidden" aria-live="polite">
        {t('lock.announce', { minutes })}
      </span>
    </div>
  );
}
