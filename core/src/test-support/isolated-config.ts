import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup (issue 48): every studio a test starts keeps its recent-projects list in
 * a temp folder, never the user's `~/.config/decorest-studio`, whose Open dialog listed the
 * temp projects of a test run. Workers and the processes they spawn inherit the variable.
 */
export default function isolateStudioConfig(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'decorest-test-config-'));
  process.env['DECOREST_STUDIO_CONFIG_DIR'] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
