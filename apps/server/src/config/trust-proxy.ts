import net from 'node:net';
import { z } from 'zod';

/**
 * The proxies whose X-Forwarded-For is believed: none, or their addresses and ranges. (A hop
 * count cannot tell the proxy from a client, and Fastify no longer honours one.)
 */
export type TrustProxy = false | string[];

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxyExample = 'such as 10.0.0.5, 10.0.0.0/8, loopback';

/** One TRUST_PROXY entry: an IP address, a CIDR range, or a proxy-addr name; else a problem. */
function trustedProxyProblem(item: string): string | undefined {
  if (namedRanges.has(item)) return undefined;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) {
    return `"${item}" is not an IP address, a CIDR range or loopback, linklocal, uniquelocal (${trustProxyExample})`;
  }
  if (prefix === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    return `"${item}" has a bad prefix length (1 to ${bits})`;
  }
  if (Number(prefix) === 0) {
    return `"${item}" would trust every address, so any client could choose its own; name the proxy's addresses`;
  }
  return undefined;
}

/** TRUST_PROXY: `false` (the default), or a comma-separated list of trusted proxies. */
export const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim() ?? 'false';
    if (text === 'false') return false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `true would let any client choose its own address; give the proxy's addresses (${trustProxyExample})`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count cannot tell the proxy from a client; give the proxy's addresses (${trustProxyExample})`,
      });
      return z.NEVER;
    }
    const items = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const item of items) {
      const problem = trustedProxyProblem(item);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
    }
    return items.length > 0 ? items : false;
  });
