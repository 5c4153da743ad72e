/**
 * Model files made together with their folders (a `mkdir -p`, a copied tree, a pull) are heard,
 * those written before a new folder's watch was armed included: @parcel/watcher alone missed
 * them, and the save-styles test hung on a busy machine waiting for a model in a new folder.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { watchSources } from './source-watcher.js';

const MODEL = 'export class Tag {\n  id!: number;\n}\n';

describe('watchSources in new folders', () => {
  it('hears a model written at once into folders made together, and its next save, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const root = realpathSync(mkdtempSync(join(tmpdir(), 'decorest-sources-')));
      const heard: string[] = [];
      const watcher = watchSources(root, (paths) => heard.push(...paths));
      try {
        await watcher.ready;
        const deep = join(root, 'models', 'shop', 'catalog');
        mkdirSync(deep, { recursive: true });
        const first = join(deep, 'tag.ts');
        writeFileSync(first, MODEL);
        await vi.waitFor(() => expect(heard, `round ${round}`).toContain(first), {
          timeout: 20_000,
        });
        const second = join(deep, 'label.ts');
        writeFileSync(second, MODEL);
        await vi.waitFor(() => expect(heard, `round ${round}`).toContain(second), {
          timeout: 20_000,
        });
      } finally {
        await watcher.close();
        rmSync(root, { recursive: true, force: true });
      }
    }
  }, 120_000);

  it('hears nothing in an ignored folder made later, and follows no symlinked folder', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'decorest-sources-')));
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'decorest-outside-')));
    const heard: string[] = [];
    const watcher = watchSources(root, (paths) => heard.push(...paths));
    try {
      await watcher.ready;
      mkdirSync(join(root, 'models', 'node_modules', 'pkg'), { recursive: true });
      writeFileSync(join(root, 'models', 'node_modules', 'pkg', 'index.js'), 'x');
      writeFileSync(join(outside, 'elsewhere.ts'), MODEL);
      symlinkSync(outside, join(root, 'models', 'linked'));
      writeFileSync(join(outside, 'later.ts'), MODEL);
      // Heard last: everything above was told before it, or never.
      const model = join(root, 'models', 'tag.ts');
      writeFileSync(model, MODEL);
      await vi.waitFor(() => expect(heard).toContain(model), { timeout: 20_000 });
      expect([...new Set(heard)]).toEqual([model]);
    } finally {
      await watcher.close();
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
