/**
 * Issue 30: the Console's open tabs of one project, kept in the user's config folder
 * (`<config>/console/<sha256 of the project folder, 16 hex>.json`, `{ root, state }`, mode
 * 0600), so a studio started again on the project (on another port: a browser's storage is per
 * origin) finds them. A missing, corrupt or foreign file holds nothing.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { JsonValue } from '../contract/values.js';

export class ConsoleSessionStore {
  readonly #file: string;
  readonly #root: string;
  // Writes queue: the last one wins, and no two renames race on one temp file.
  #writing: Promise<unknown> = Promise.resolve();

  constructor(configDir: string, projectRoot: string) {
    const key = createHash('sha256').update(projectRoot).digest('hex').slice(0, 16);
    this.#file = join(configDir, 'console', `${key}.json`);
    this.#root = projectRoot;
  }

  async read(): Promise<JsonValue | null> {
    await this.#writing.catch(() => {});
    try {
      const parsed = JSON.parse(await readFile(this.#file, 'utf8')) as {
        root?: unknown;
        state?: JsonValue;
      };
      // Two folders whose hashes meet must not see each other's tabs.
      return parsed.root === this.#root ? (parsed.state ?? null) : null;
    } catch {
      return null;
    }
  }

  write(state: JsonValue | null): Promise<void> {
    const next = this.#writing
      .catch(() => {})
      .then(async () => {
        if (state === null) {
          await rm(this.#file, { force: true });
          return;
        }
        await mkdir(join(this.#file, '..'), { recursive: true, mode: 0o700 });
        const temp = `${this.#file}.${process.pid}.tmp`;
        await writeFile(temp, JSON.stringify({ root: this.#root, state }), { mode: 0o600 });
        await rename(temp, this.#file);
      });
    this.#writing = next;
    return next;
  }
}
