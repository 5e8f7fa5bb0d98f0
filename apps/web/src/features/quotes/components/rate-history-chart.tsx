import type { RateHistoryPoint } from '@corridor/contracts';
import { Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { LoadError } from '@/ui/load-error';
import { useRateHistory } from '../api/get-rate-history';
import { compareDecimals, formatDecimal } from '../lib/decimal-text';
import { quotesMessages } from '../messages';

export interface RateHistoryChartProps {
  from: string;
  to: string;
  /** Shown while the history loads: the same as while this chunk downloads. */
  placeholder: ReactNode;
}

// The drawing's own units; the SVG scales to the width it is given.
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "24 Nov" / "24 nov": a UTC day of the history, the same day wherever the customer is. */
function formatDay(date: string, locale: string): string {
  let format = dayFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** The lowest, highest (the first day of each) and latest points, compared as decimals. */
function extremes(points: readonly RateHistoryPoint[]) {
  let lowest = points[0] as RateHistoryPoint;
  let highest = lowest;
  for (const point of points) {
    if (compareDecimals(point.rate, lowest.rate) < 0) lowest = point;
    if (compareDecimals(point.rate, highest.rate) > 0) highest = point;
  }
  return { lowest, highest, latest: points.at(-1) as RateHistoryPoint };
}

/**
 * Where each point is drawn. The rates become numbers here only to place them on the drawing;
 * every rate shown is the server's text.
 */
function layout(points: readonly RateHistoryPoint[]) {
  const values = points.map((point) => Number(point.rate));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const step = points.length > 1 ? (WIDTH - 2 * PAD) / (points.length - 1) : 0;
  return values.map((value, index) => ({
    x: points.length > 1 ? PAD + index * step : WIDTH / 2,
    y: span === 0 ? HEIGHT / 2 : PAD + ((max - value) / span) * (HEIGHT - 2 * PAD),
  }));
}

function Drawing({
  points,
  titleId,
  descId,
}: {
  points: RateHistoryPoint[];
  titleId: string;
  descId: string;
}) {
  const at = layout(points);
  const line = at
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`)
    .join(' ');
  const first = at[0] ?? { x: 0, y: 0 };
  const last = at.at(-1) ?? first;
  const area = `${line} L${last.x.toFixed(1)} ${HEIGHT} L${first.x.toFixed(1)} ${HEIGHT} Z`;
  return (
    <svg
      className="rate-chart__svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
    >
      <path className="rate-chart__area" d={area} />
      <path className="rate-chart__line" d={line} vectorEffect="non-scaling-stroke" />
      {/* A dot on the latest day: a zero-length stroke stays round however the drawing stretches. */}
      <path
        className="rate-chart__latest"
        d={`M${last.x.toFixed(1)} ${last.y.toFixed(1)}h0`}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** The last 30 days' mid-market rate of a corridor, drawn by hand (no chart library). */
export function RateHistoryChart({ from, to, placeholder }: RateHistoryChartProps) {
  const t = useT(quotesMessages);
  const history = useRateHistory(from, to);
  const titleId = useId();
  const descId = useId();
  if (history.isPending) return placeholder;
  if (history.isError) {
    return (
      <LoadError
        title={t('history.failed')}
        message={describeError(history.error, t('history.failedText'))}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  }
  const points = history.data;
  if (points.length === 0) return <Text size="sm">{t('history.empty', { from, to })}</Text>;

  const { lowest, highest, latest } = extremes(points);
  const rate = (value: string) =>
    t('rate.value', { from, rate: formatDecimal(value, t.locale), to });
  const day = (date: string) => formatDay(date, t.locale);
  const stats = [
    { label: t('history.lowest'), point: lowest },
    { label: t('history.highest'), point: highest },
    { label: t('history.latest'), point: latest },
  ];
  return (
    <figure className="rate-chart">
      <figcaption id={titleId} className="rate-chart__title">
        {t('history.title', { from, to })}
      </figcaption>
      {/* The drawing's description, read with it (hidden: the figures below show it). */}
      <p id={descId} hidden>
        {t('history.chart', { from, to })}.{' '}
        {t('history.summary', {
          lowest: rate(lowest.rate),
          lowestDate: day(lowest.date),
          highest: rate(highest.rate),
          highestDate: day(highest.date),
          latest: rate(latest.rate),
          latestDate: day(latest.date),
        })}
      </p>
      <Drawing points={points} titleId={titleId} descId={descId} />
      <div className="rate-chart__axis" aria-hidden="true">
        <span>{day(points[0]?.date ?? latest.date)}</span>
        <span>{day(latest.date)}</span>
      </div>
      <dl className="rate-chart__stats">
        {stats.map(({ label, point }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <span className="rate-chart__rate">{formatDecimal(point.rate, t.locale)}</span>{' '}
              <span className="rate-chart__day">{day(point.date)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
