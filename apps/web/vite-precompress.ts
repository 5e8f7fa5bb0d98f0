import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the server sends that compresses well; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the encoding's framing can outweigh the gain (a small chunk still gains a third). */
const MIN_BYTES = 128;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip, best) beside every compressible file of
 * the build, so the server sends them as they are (`@fastify/static` `preCompressed`) with
 * `Content-Encoding` and `Vary: Accept-Encoding`, spending no CPU per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'corridor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          // Only where it is smaller: otherwise the plain file is the better answer.
          if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
