import { apiPaths, payoutTargetSchema, quoteSchema, type Quote } from '@corridor/contracts';
import { z } from 'zod';
import { responseSerializerCompiler } from '../../lib/response-serializer.ts';

/**
 * GET /client/v1/quote's answer as text, made for the hot path (docs/performance.md). Of its
 * 11 KB, the twelve targets are 6.4 KB and the same for every quote in a language: they are
 * checked against the contract and encoded once per language (quote-directory.ts), and only the
 * rest is checked and encoded per request, then the two are joined. The answer is exactly what
 * the route's schema would send (targets last).
 */
const serializeWithoutTargets = responseSerializerCompiler({
  schema: quoteSchema.omit({ targets: true }),
  method: 'GET',
  url: apiPaths.quote,
  httpStatus: '200',
});

const serializeTargets = responseSerializerCompiler({
  schema: z.array(payoutTargetSchema),
  method: 'GET',
  url: apiPaths.quote,
  httpStatus: '200',
});

/** The targets of a language, checked and encoded (done once per process and language). */
export function targetsJson(targets: Quote['targets']): string {
  return serializeTargets(targets);
}

/** The whole answer: the per-request part checked and encoded, the targets' text joined in. */
export function liveQuoteJson(quote: Omit<Quote, 'targets'>, targets: string): string {
  const rest = serializeWithoutTargets(quote);
  return `${rest.slice(0, -1)},"targets":${targets}}`;
}
