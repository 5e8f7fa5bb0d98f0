import { Svg, type IconProps } from './base-icons';

// The design system's icons. The ones public screens draw live in base-icons.tsx, so the sign-in
// page's first load does not carry these.
export { CheckIcon, CrossIcon, DotIcon, OfflineIcon, type IconProps } from './base-icons';

/** Send: a paper plane. */
export function SendIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14.5 1.5L7 9M14.5 1.5l-4.5 13-3-5.5-5.5-3z" />
    </Svg>
  );
}

/** Transactions: a list of lines. */
export function ListIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5.5 4h8M5.5 8h8M5.5 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01" />
    </Svg>
  );
}

/** Recipients: two people. */
export function PeopleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="6" cy="5" r="2.5" />
      <path d="M1.5 14c0-2.5 2-4.5 4.5-4.5s4.5 2 4.5 4.5M11 2.7a2.5 2.5 0 010 4.6M12.5 9.8c1.2.7 2 2 2 3.7" />
    </Svg>
  );
}

/** Account: one person in a circle. */
export function AccountIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="8" r="6.5" />
      <circle cx="8" cy="6.5" r="2.2" />
      <path d="M3.8 12.7c.9-1.6 2.4-2.5 4.2-2.5s3.3.9 4.2 2.5" />
    </Svg>
  );
}

export function CopyIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 5.5V3.5a1 1 0 00-1-1h-6a1 1 0 00-1 1v6a1 1 0 001 1h2" />
    </Svg>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 1.8l6.5 11.4H1.5z" />
      <path d="M8 6.5v3M8 11.5h.01" />
    </Svg>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 7.5v4M8 5h.01" />
    </Svg>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 4.5V8l2.5 1.5" />
    </Svg>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M13 8H3M7 4L3 8l4 4" />
    </Svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="7" cy="7" r="4.5" />
      <path d="M10.5 10.5l3.5 3.5" />
    </Svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6l4 4 4-4" />
    </Svg>
  );
}
