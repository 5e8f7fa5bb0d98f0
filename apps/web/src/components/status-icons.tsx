// The design system's status icons (ui/base-icons.tsx), for the screens that import them here.
export { CheckIcon, CrossIcon, DotIcon } from '@/ui/base-icons';
