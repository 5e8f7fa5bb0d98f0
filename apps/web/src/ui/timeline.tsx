import { Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, useT } from '@/i18n';
import { CheckIcon, CrossIcon, DotIcon } from './icons';
import { uiMessages } from './messages';
import './tones.css';
import './timeline.css';

export type TimelineStepState = 'done' | 'current' | 'upcoming' | 'failed';

export interface TimelineStep {
  id: string;
  label: string;
  state: TimelineStepState;
  description?: ReactNode;
  /** When it happened (ISO 8601), shown in the customer's language and time zone. */
  at?: string;
}

export interface TimelineProps {
  /** What the steps are of: "Transfer progress". */
  label: string;
  steps: readonly TimelineStep[];
}

const markers: Record<TimelineStepState, ReactNode> = {
  done: <CheckIcon size={14} />,
  current: <DotIcon size={14} />,
  upcoming: null,
  failed: <CrossIcon size={14} />,
};

const tones: Record<TimelineStepState, string> = {
  done: 'success',
  current: 'info',
  upcoming: 'neutral',
  failed: 'danger',
};

/** A transfer's (or document's) way from created to paid out: what is done, now and next. */
export function Timeline({ label, steps }: TimelineProps) {
  const t = useT(uiMessages);
  if (steps.length === 0) {
    return <Text c="dimmed">{t('timeline.empty')}</Text>;
  }
  return (
    <ol className="timeline" aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.id}
          className="timeline__step"
          data-state={step.state}
          data-tone={tones[step.state]}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="timeline__marker" aria-hidden="true">
            {markers[step.state]}
          </span>
          <div className="timeline__body">
            <p className="timeline__label">
              {step.label}
              <VisuallyHidden>, {t(`timeline.state.${step.state}`)}</VisuallyHidden>
            </p>
            {step.at !== undefined && (
              <time className="timeline__time tabular-nums" dateTime={step.at}>
                {formatDateTime(step.at, t.locale)}
              </time>
            )}
            {step.description !== undefined && (
              <div className="timeline__description">{step.description}</div>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The timeline's place while it loads. */
export function TimelineSkeleton({ steps = 3 }: { steps?: number }) {
  const t = useT(uiMessages);
  return (
    <>
      <VisuallyHidden role="status">{t('timeline.loading')}</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        {Array.from({ length: steps }, (_, index) => (
          <div key={index} className="timeline__skeleton">
            <Skeleton circle height={24} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={14} width="50%" />
              <Skeleton height={12} width="30%" />
            </Stack>
          </div>
        ))}
      </Stack>
    </>
  );
}
