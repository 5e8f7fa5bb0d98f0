import { useEffect, useState } from 'react';

/**
 * The time now, again every `intervalMs`: "last transfer 5 minutes ago" stays true while the
 * page is open (the original re-rendered its recipients every 30 s).
 */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
