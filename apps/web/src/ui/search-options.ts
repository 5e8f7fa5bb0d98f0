export interface SelectOption {
  value: string;
  /** What the option is called in the customer's language. */
  label: string;
  /** Shown after the label, dimmed: a calling code, a currency code. */
  hint?: string;
  /** Other words it is found by: official names, endonyms, codes. */
  keywords?: readonly string[];
  /**
   * Words that, typed, mean this option before any other: a demonym ("British" is the United
   * Kingdom, not British Indian Ocean Territory), a common alias ("UK").
   */
  preferred?: readonly string[];
}

/** Lower case without accents, so "mexico" finds "México" and "peru" finds "Perú". */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const wordStart = (text: string, query: string) =>
  text.split(/[\s\-(),.'’]+/).some((word) => word.startsWith(query));

/**
 * The options matching `query`, best first: a preferred word starting with it, the label
 * starting with it, a word of the label, a keyword starting with it (a word of one), and last
 * the label containing it. The order within each rank is the options' own.
 */
export function rankOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  const wanted = normalize(query);
  if (wanted === '') return [...options];
  const ranked: { option: SelectOption; rank: number; index: number }[] = [];
  options.forEach((option, index) => {
    const label = normalize(option.label);
    const keywords = (option.keywords ?? []).map(normalize);
    const preferred = (option.preferred ?? []).map(normalize);
    let rank: number | undefined;
    if (preferred.some((word) => word.startsWith(wanted))) rank = -1;
    else if (label.startsWith(wanted)) rank = 0;
    else if (wordStart(label, wanted)) rank = 1;
    else if (keywords.some((keyword) => keyword.startsWith(wanted))) rank = 2;
    else if (keywords.some((keyword) => wordStart(keyword, wanted))) rank = 3;
    else if (label.includes(wanted)) rank = 4;
    if (rank !== undefined) ranked.push({ option, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ option }) => option);
}
