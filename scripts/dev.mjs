// `npm run dev`: the API (restarting on change) and Vite's dev server, which proxies API calls
// to it, so the browser sees one origin: http://127.0.0.1:5173.
import { spawn } from 'node:child_process';
import process from 'node:process';

const spaOrigins = 'http://127.0.0.1:5173,http://localhost:5173';
const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@corridor/server'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SPA_ORIGINS: process.env.SPA_ORIGINS ?? spaOrigins,
    },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@corridor/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
