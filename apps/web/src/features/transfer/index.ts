// Screens are exported as loaders, so that each stays its own chunk (app/router.tsx). The
// wizard's words (its own, the cost disclosure's, the add-recipient wizard's, the address
// form's) are loaded by its chunk: asked for here, they would add bytes to the router's entry
// chunk, which every first load (sign-in's included) carries.
export const loadTransferWizardScreen = () =>
  import('./screens/transfer-wizard-screen').then(async (screen) => {
    await screen.loadTransferWizardWords();
    return screen;
  });
