/**
 * The statement dialog in a chunk of its own with its words, fetched when the customer first
 * asks for a statement: the transactions list's first load is near its budget
 * (docs/performance.md). Every file the dynamic imports need is named here.
 */
export const loadStatementDialog = () =>
  Promise.all([
    import('./statement-dialog'),
    import('./messages').then((m) => m.statementsMessages.load()),
  ]).then(([m]) => m);
