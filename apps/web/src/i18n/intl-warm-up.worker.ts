/**
 * A worker that makes one number and one date format in the language it is sent, then says so
 * (warm-up-intl.ts). Its first `Intl` format costs what the page's would: the browser's list of
 * locales and the language data, which the page's thread then finds made.
 */
addEventListener('message', (event: MessageEvent<string>) => {
  new Intl.NumberFormat(event.data, { style: 'currency', currency: 'EUR' }).format(0);
  new Intl.DateTimeFormat(event.data, { dateStyle: 'long' }).format(0);
  postMessage('warm');
});
