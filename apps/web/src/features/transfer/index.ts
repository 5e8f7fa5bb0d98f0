// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx), with the
// words they speak (decision 19): the wizard's, the calculator's (the cost disclosure), the
// recipients' (the add-recipient wizard) and the profile forms' (the address step). Imported
// lazily: a catalogue in the router's entry chunk would be announced to every first load.
const words = () =>
  Promise.all([
    import('./messages').then((messages) => messages.transferMessages.load()),
    import('@/features/quotes/parts').then((quotes) => quotes.quotesMessages.load()),
    import('@/features/recipients').then((recipients) => recipients.recipientsMessages.load()),
    import('@/features/customers/profile-form-messages').then((messages) =>
      messages.loadProfileFormMessages(),
    ),
  ]);

export const loadTransferWizardScreen = () =>
  Promise.all([import('./screens/transfer-wizard-screen'), words()]).then(([screen]) => screen);
