import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '@/config/routes';

/** How long a success shows before the transfer's page (the original's 1.5 s). */
export const PAID_REDIRECT_MS = 1_500;

/** Opens the transfer's page PAID_REDIRECT_MS after `when` turns true (paid, or moved on). */
export function useGoToTransaction(transactionId: string, when: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return undefined;
    const timer = setTimeout(
      () => void navigate(pathTo('viewTransaction', { transactionId }), { replace: true }),
      PAID_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [when, navigate, transactionId]);
}
