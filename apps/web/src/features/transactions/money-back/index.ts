/**
 * Cancelling a paid transfer and its refunds, in a chunk of their own with their words: most
 * transfers shown have neither, and the transaction's first load is near its budget
 * (docs/performance.md). Every file the dynamic imports need is named here.
 */
export const loadMoneyBack = () =>
  Promise.all([
    import('./money-back'),
    import('./messages').then((m) => m.moneyBackMessages.load()),
  ]).then(([m]) => m);
