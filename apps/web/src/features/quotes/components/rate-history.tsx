import { Button, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId, useState, type ComponentType } from 'react';
import { useT } from '@/i18n';
import { ChevronDownIcon } from '@/ui/icons';
import { LoadError } from '@/ui/load-error';
import { quotesMessages } from '../messages';
import type { RateHistoryChartProps } from './rate-history-chart';

export interface RateHistoryProps {
  /** The currency sent and the one received (ISO codes). */
  from: string;
  to: string;
}

/** Where the chart will be, while its code or its data loads. */
function ChartSkeleton() {
  const t = useT(quotesMessages);
  return (
    <Stack gap="xs">
      <VisuallyHidden role="status">{t('history.loading')}</VisuallyHidden>
      <Skeleton height={140} radius="md" aria-hidden="true" />
      <Skeleton height={14} width="80%" aria-hidden="true" />
    </Stack>
  );
}

const loadChart = () => import('./rate-history-chart').then((module) => module.RateHistoryChart);

/**
 * The chart's code did not download (offline): say so, and try again on Retry. React.lazy
 * remembers its first outcome, so the retry downloads here and draws the chart it gets.
 */
function ChartUnavailable(props: RateHistoryChartProps) {
  const t = useT(quotesMessages);
  const [Chart, setChart] = useState<ComponentType<RateHistoryChartProps> | null>(null);
  const [retrying, setRetrying] = useState(false);
  if (Chart !== null) return <Chart {...props} />;
  return (
    <LoadError
      title={t('history.failed')}
      message={t('history.failedText')}
      retrying={retrying}
      onRetry={() => {
        setRetrying(true);
        loadChart().then(
          (loaded) => setChart(() => loaded),
          () => setRetrying(false),
        );
      }}
    />
  );
}

// Its own chunk, downloaded the first time the history is opened.
const RateHistoryChart = lazy(() =>
  loadChart().then(
    (loaded) => ({ default: loaded }),
    () => ({ default: ChartUnavailable }),
  ),
);

/**
 * "Rate history", closed at first: the chart and its code load when the customer opens it, so
 * the dashboard's first paint carries neither (its byte budget, decision 17).
 */
export function RateHistory({ from, to }: RateHistoryProps) {
  const t = useT(quotesMessages);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="rate-history">
      <Button
        variant="subtle"
        px="xs"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((previous) => !previous)}
        rightSection={
          <span className="rate-history__chevron" data-open={open || undefined}>
            <ChevronDownIcon />
          </span>
        }
      >
        {t('history.toggle')}
      </Button>
      <div id={panelId} hidden={!open} className="rate-history__panel">
        {open && (
          <Suspense fallback={<ChartSkeleton />}>
            <RateHistoryChart from={from} to={to} placeholder={<ChartSkeleton />} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
