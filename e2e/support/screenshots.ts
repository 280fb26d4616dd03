// Where e2e screenshots go (e2e/screenshots/, looked at after each run; not committed).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export function shot(name: string): string {
  return join(dir, `${name}.png`);
}
