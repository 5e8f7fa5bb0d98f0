// The transfers bench's load (issue 29): confirm and "I've paid" for each planned transfer, as
// the web app sends them, timed one by one. Kept cheap: on this two-core machine the load
// generator's CPU is taken from the server it measures.
import crypto from 'node:crypto';
import http from 'node:http';
import { apiPaths } from '@corridor/contracts';
import type { PlannedTransfer } from './transfer-senders.ts';
import type { InFlightGate } from './transfer-window.ts';

/** A status and body as read off the wire. */
interface Answer {
  status: number;
  text: string;
}

/**
 * POSTs `body` over one of the agent's kept-alive sockets. node:http rather than `fetch`, whose
 * streams and Headers cost the load generator about a third of a core on this two-core machine,
 * beside the server it measures (issue 29).
 */
function post(
  agent: http.Agent,
  app: URL,
  transfer: PlannedTransfer,
  url: string,
  body: unknown,
): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        hostname: app.hostname,
        port: app.port,
        path: url,
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: transfer.cookie,
          'x-xsrf-token': transfer.xsrf,
          // As the web app sends one on every money-moving POST (plugins/idempotent-route.ts).
          'idempotency-key': crypto.randomUUID(),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payment's id in confirm's answer, or undefined when it has none. Only the id is needed:
 * checking the whole answer against its contract cost the load generator more than the rest of
 * its work (the contract tests check it).
 */
function paymentIdOf(text: string): string | undefined {
  try {
    const id: unknown = (JSON.parse(text) as { payment?: { id?: unknown } }).payment?.id;
    return typeof id === 'string' && UUID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Confirm and "I've paid" for every transfer, `concurrency` at a time, each once `gate` lets it
 * start (transfer-window.ts); the latencies in ms and every answer other than 201 (confirm) and
 * 200 ("I've paid"), with its text.
 */
export async function fire(
  app: string,
  planned: PlannedTransfer[],
  concurrency: number,
  gate: Pick<InFlightGate, 'enter' | 'abandon'>,
) {
  const confirmMs: number[] = [];
  const paidMs: number[] = [];
  const failures: string[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(app);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < planned.length; index = next++) {
      const transfer = planned[index];
      if (!transfer) break;
      await gate.enter();
      let started = performance.now();
      const confirmed = await post(
        agent,
        url,
        transfer,
        apiPaths.quoteConfirm(transfer.quoteId),
        transfer.confirmBody,
      );
      confirmMs.push(performance.now() - started);
      if (confirmed.status !== 201) {
        failures.push(`confirm ${confirmed.status}: ${confirmed.text}`);
        gate.abandon();
        continue;
      }
      const paymentId = paymentIdOf(confirmed.text);
      if (paymentId === undefined) {
        failures.push(`confirm 201 without a payment id: ${confirmed.text}`);
        gate.abandon();
        continue;
      }
      started = performance.now();
      const paid = await post(agent, url, transfer, apiPaths.paymentSent(paymentId), {});
      paidMs.push(performance.now() - started);
      if (paid.status !== 200) {
        failures.push(`payment-sent ${paid.status}: ${paid.text}`);
        gate.abandon();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return { confirmMs, paidMs, failures };
}
