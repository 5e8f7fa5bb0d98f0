// What other features' screens and the signed-in frame render from this feature. Imported only
// by lazily loaded code: through index.ts (which the router loads at start) these parts, with
// Mantine's PinInput and the password checklist, would ride in every first load (issue 13).
export { NewPasswordFields, type NewPasswordFieldsProps } from './components/new-password-fields';
export { SignOutButton, type SignOutButtonProps } from './components/sign-out-button';
export { SignUpEmailNotice, type SignUpEmailNoticeProps } from './components/sign-up-email-notice';
export { forgetSession, signOut } from './lib/sign-out';
export { signedOutElsewherePath } from './lib/sign-in-notices';
