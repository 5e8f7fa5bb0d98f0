import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon, ClockIcon, CrossIcon, InfoIcon } from './icons';
import './tones.css';
import './status-badge.css';

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const toneIcons: Record<Tone, ReactNode> = {
  success: <CheckIcon size={14} />,
  warning: <ClockIcon size={14} />,
  danger: <CrossIcon size={14} />,
  info: <InfoIcon size={14} />,
  neutral: <AlertIcon size={14} />,
};

export interface StatusBadgeProps {
  /** What the status is, in words ("Paid out"); colour and icon only repeat it. */
  label: string;
  tone: Tone;
  /** Leave out the icon (dense lists). */
  withoutIcon?: boolean;
}

/** A transfer's, document's or task's status: words first, then a tone and an icon. */
export function StatusBadge({ label, tone, withoutIcon = false }: StatusBadgeProps) {
  return (
    <span className="status-badge" data-tone={tone}>
      {!withoutIcon && toneIcons[tone]}
      {label}
    </span>
  );
}
