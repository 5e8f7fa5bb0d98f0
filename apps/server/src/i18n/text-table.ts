import type { Locale } from '@corridor/contracts';

/**
 * One text the API can send, in every language. English is the source: it is what the code
 * produces and what tests and SPEC quote exactly. `{name}` stands for a value filled in at run
 * time; `{name:number}` for a whole number, written with the reader's digit grouping.
 */
export type TextEntry = { readonly [L in Locale]: string };
export type TextTable = Readonly<Record<string, TextEntry>>;

/** The names of a template's placeholders: "Enter {a} or {b:number}" → "a" | "b". */
export type PlaceholderNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `${infer Name}:${string}` ? Name : P) | PlaceholderNames<Rest>
  : never;

export type TextParams<S extends string> = [PlaceholderNames<S>] extends [never]
  ? []
  : [params: Record<PlaceholderNames<S>, string | number>];

export const PLACEHOLDER = /\{(\w+)(?::(number))?\}/g;

/** A template's text with its placeholders filled in (numbers as they are, in English). */
export function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
