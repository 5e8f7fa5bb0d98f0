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

export function ChevronRightIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 4l4 4-4 4" />
    </Svg>
  );
}

/** Add a person: a person and a plus. */
export function UserPlusIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="6" cy="5" r="2.5" />
      <path d="M1.5 14c0-2.5 2-4.5 4.5-4.5s4.5 2 4.5 4.5M13 5v5M10.5 7.5h5" />
    </Svg>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10.5 2.5l3 3L5.5 13.5H2.5v-3zM9 4l3 3" />
    </Svg>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.5 6.5v4.5M9.5 6.5v4.5" />
    </Svg>
  );
}

/** Upload: an arrow rising out of a tray. */
export function UploadIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 10.5V2.5M4.5 6L8 2.5 11.5 6M2.5 10.5v2a1 1 0 001 1h9a1 1 0 001-1v-2" />
    </Svg>
  );
}

/** Take a photo: a camera. */
export function CameraIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2.5 5a1 1 0 011-1h2l1-1.5h3L10.5 4h2a1 1 0 011 1v7a1 1 0 01-1 1h-9a1 1 0 01-1-1z" />
      <circle cx="8" cy="8.5" r="2.3" />
    </Svg>
  );
}

/** A document: a page with its corner folded. */
export function FileIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9.5 1.5h-5a1 1 0 00-1 1v11a1 1 0 001 1h7a1 1 0 001-1v-9zM9.5 1.5v3h3M5.5 8.5h5M5.5 11h5" />
    </Svg>
  );
}
