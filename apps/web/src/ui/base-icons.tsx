import type { ReactNode } from 'react';

// Small inline icons (no icon library): decorative, so hidden from assistive technology; every
// use says the same thing in text beside it. These few are drawn on public screens (the
// password checklist, the "can't reach Corridor" panel), so they are a file of their own: the
// first load carries them and nothing more (ui/icons.tsx has the rest).

export interface IconProps {
  size?: number;
}

export function Svg({ size = 16, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 8.5l3.2 3L13 4.5" />
    </Svg>
  );
}

export function CrossIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 4l8 8M12 4l-8 8" />
    </Svg>
  );
}

export function DotIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="8" r="3" />
    </Svg>
  );
}

export function OfflineIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M1.5 6a9.5 9.5 0 0113 0M4 8.7a6 6 0 018 0M6.4 11.3a2.5 2.5 0 013.2 0M8 13.5h.01M2 2l12 12" />
    </Svg>
  );
}
