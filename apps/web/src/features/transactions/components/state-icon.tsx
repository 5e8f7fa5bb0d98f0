import type { TransactionStateCode } from '@corridor/contracts';
import type { ReactNode } from 'react';
import {
  AlertIcon,
  CheckIcon,
  ClockIcon,
  CrossIcon,
  DotIcon,
  FileIcon,
  SendIcon,
} from '@/ui/icons';

// A state's icon (the original's map, docs/product/routes-and-screens.md#transactions), drawn
// with the design system's few: decorative, the state's label always says it in words.
const icons: Record<TransactionStateCode, (size: number) => ReactNode> = {
  CREATED: (size) => <DotIcon size={size} />,
  'PENDING-PAYMENT': (size) => <ClockIcon size={size} />,
  'PAYMENT-CLEARED': (size) => <CheckIcon size={size} />,
  'DOCUMENT-REQUIRED': (size) => <AlertIcon size={size} />,
  'DOCUMENT-PROVIDED': (size) => <FileIcon size={size} />,
  'UNDER-REVIEW': (size) => <AlertIcon size={size} />,
  'ON-HOLD': (size) => <AlertIcon size={size} />,
  'CONVERTING-FOREX': (size) => <ClockIcon size={size} />,
  'AVAILABLE-FOR-PAYOUT': (size) => <CheckIcon size={size} />,
  'SENDING-FOR-PAYOUT': (size) => <SendIcon size={size} />,
  'SENT-FOR-PAYOUT': (size) => <SendIcon size={size} />,
  'PAYOUT-SUCCESS': (size) => <CheckIcon size={size} />,
  'PAYOUT-FAILED': (size) => <CrossIcon size={size} />,
  'PAYOUT-REVERSED': (size) => <CrossIcon size={size} />,
  CANCELLED: (size) => <CrossIcon size={size} />,
};

export function StateIcon({ code, size = 18 }: { code: TransactionStateCode; size?: number }) {
  return <>{icons[code](size)}</>;
}
