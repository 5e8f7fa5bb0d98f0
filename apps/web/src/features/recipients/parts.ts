// What other features' screens render from this feature. Imported only by lazily loaded code
// (the transfer wizard): through index.ts, which the router loads at start, the wizard and its
// form would ride in every first load (issue 13).
export {
  AddRecipientWizard,
  type AddRecipientWizardProps,
} from './components/add-recipient-wizard';
export {
  AddRecipientDialog,
  type AddRecipientDialogProps,
} from './components/add-recipient-dialog';
