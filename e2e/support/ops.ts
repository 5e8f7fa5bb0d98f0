import net from 'node:net';
import path from 'node:path';

/**
 * The operator's CLI protocol (docs/decisions/0023-identity-documents-review.md): one JSON line to the journeys'
 * server's `DATA_DIR/ops.sock`, one JSON line back. The journeys' server runs the embedded
 * database, which only it may open, so a journey asks it as an operator would.
 */
export async function opsRequest(request: Record<string, unknown>): Promise<unknown> {
  const dataDir = process.env.CORRIDOR_E2E_DATA_DIR;
  if (!dataDir) throw new Error('CORRIDOR_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const line = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, 'ops.sock'));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer.trim()));
    socket.on('error', reject);
  });
  const response = JSON.parse(line) as
    { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };
  if (!response.ok) throw new Error(`ops ${String(request.command)}: ${response.error.message}`);
  return response.result;
}

/** `ledger:check`: the violations found, none when every invariant holds. */
export async function ledgerViolations(): Promise<unknown[]> {
  return (await opsRequest({ command: 'ledger:check' })) as unknown[];
}
