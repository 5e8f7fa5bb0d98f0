// `npm run ops -- documents:list|show|approve|reject …`: what an operator does (decision 0023);
// `npm run ops -- ledger:check`: the ledger's invariants (decision 0037);
// `npm run ops -- customers:block|unblock <id> --reason "…" [--as <name>]` (decision 0039).
// With the embedded database it asks the running server over DATA_DIR/ops.sock; on PostgreSQL,
// or when no server is running, it opens the database itself. What it does is ops-run.ts; this
// file is the process around it.
import { formatError } from '../errors/log-serializers.ts';
import { OPS_EXIT, runOpsCommand } from './ops-run.ts';

// As the server does: what this process creates in DATA_DIR is its user's alone.
process.umask(0o077);

const writeTo = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);

runOpsCommand(process.argv.slice(2), {
  stdout: writeTo(process.stdout),
  stderr: writeTo(process.stderr),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(formatError(error));
    process.exit(OPS_EXIT.unreachable);
  },
);
