/**
 * Where the server's log lines go: stdout, a batch per turn of the event loop. A write per line
 * (pino's default) cost a request as much as building its line; lines logged while requests are
 * answered now leave together. On Linux writes to stdout are synchronous (files, pipes,
 * terminals), so what is still queued when the process exits is written then; only a process
 * killed outright loses the lines of its last turn.
 */
export function batchedStdout(): { write(line: string): void } {
  let lines: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (lines.length === 0) return;
    const batch = lines.join('');
    lines = [];
    process.stdout.write(batch);
  };
  process.once('exit', flush);
  return {
    write(line) {
      lines.push(line);
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
  };
}
