import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Tests that spawn the real `decorest` command run the compiled core, bundled as the bin runs
 * it, so build it once (incremental: seconds when nothing changed).
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, ['core/build.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
}
