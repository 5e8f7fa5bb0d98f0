// The realtime hub alone, for `npm run bench` (scripts/bench.ts): registered exactly as the
// server registers it (the WebSocket route, the hub, the auth and trigger routes) but without
// the database, whose hundreds of megabytes would drown the memory of a few thousand sockets.
// Run with --expose-gc: GET /memory collects garbage first, so the figures are what sockets keep.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig } from '../config/index.ts';
import { systemClock } from '../lib/clock.ts';
import { cryptoRandom } from '../lib/random.ts';
import { registerRealtime } from '../modules/realtime/index.ts';

const [port = '0', appId = '', key = '', secret = ''] = process.argv.slice(2);
const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (!collectGarbage) throw new Error('run with node --expose-gc');

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
const { hub } = await registerRealtime(app, {
  config: loadConfig({ NODE_ENV: 'production', PORT: port, LOG_LEVEL: 'silent' }),
  credentials: { appId, key, secret },
  random: cryptoRandom,
  clock: systemClock,
});
app.get('/memory', async () => {
  collectGarbage();
  const usage = process.memoryUsage();
  return { connections: hub.connectionCount(), ...usage };
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
