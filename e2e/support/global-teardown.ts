import fs from 'node:fs';

export default function teardown() {
  const dir = process.env.CORRIDOR_E2E_DATA_DIR;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
