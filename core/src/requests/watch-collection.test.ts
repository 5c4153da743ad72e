/**
 * The collection watcher hears a file saved in folders that were made together (a `mkdir -p`,
 * a pull bringing a new `requests/` tree): @parcel/watcher alone missed it 8 times in 10.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { watchCollection } from './watch-collection.js';

describe('watchCollection', () => {
  it('hears a request saved in folders made together with requests/, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const root = realpathSync(mkdtempSync(join(tmpdir(), 'decorest-watch-')));
      let calls = 0;
      const watcher = watchCollection(root, () => calls++, { debounceMs: 20 });
      try {
        await watcher.ready;
        const deep = join(root, 'requests', 'Users', 'admin', 'deep');
        mkdirSync(deep, { recursive: true });
        await vi.waitFor(() => expect(calls).toBeGreaterThan(0), { timeout: 20_000 });
        const before = calls;
        writeFileSync(join(deep, 'List users.json'), '{}');
        await vi.waitFor(() => expect(calls, `round ${round}`).toBeGreaterThan(before), {
          timeout: 20_000,
        });
      } finally {
        await watcher.close();
        rmSync(root, { recursive: true, force: true });
      }
    }
  }, 120_000);
});
