// Preloaded into the server by `npm run bench` when BENCH_COUNT_STATEMENTS is set
// (`node --import`): counts every SQL statement the process sends through node-postgres, by its
// text, and writes the counts to BENCH_STATEMENT_COUNTS when the process ends. It measures what a
// transfer costs the database (docs/performance.md), not time; the bench prints the figures.
import fs from 'node:fs';
import process from 'node:process';
import pg from 'pg';

const out = process.env.BENCH_STATEMENT_COUNTS;
if (out) {
  const counts = new Map();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(config, ...rest) {
    const text = typeof config === 'string' ? config : config?.text;
    if (text) {
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 160);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return query.call(this, config, ...rest);
  };
  const write = () => {
    const rows = [...counts].sort((a, b) => b[1] - a[1]);
    fs.writeFileSync(out, rows.map(([text, count]) => `${count}\t${text}`).join('\n'));
  };
  process.on('exit', write);
  // The bench stops the server with SIGTERM; its own handler then closes it and exits.
  process.prependListener('SIGTERM', write);
}
