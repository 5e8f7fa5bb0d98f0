/**
 * One `Intl.NumberFormat` per locale and options, made once. The calculator formats its amounts
 * on every render: new formats each time cost the dashboard's first render about 50 ms at a
 * phone's 4x slower CPU, beside the 60 ms of the page's first format, which loads the
 * language's data (see `warmUpIntl`).
 */
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
