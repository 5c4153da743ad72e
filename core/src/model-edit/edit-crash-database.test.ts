/**
 * Issue 26: a model edit on PostgreSQL is one step across a crash. A real `decorest studio
 * --database` process kills itself (SIGKILL) at a named step while it renames Product.name to
 * title: after the journal, after the first file (the seed) is written, after COMMIT. The
 * project opened again afterwards finds the model file, the table and the seed agreeing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, expect, it } from 'vitest';

import type { ModelEdit, ModelEditPreview } from '../contract/control-api.js';
import { hashesOf } from '../control/test-support/model-edits.js';
import { removeTempProjects, writeTempProject } from '../loader/test-support/temp-project.js';
import { openProject } from '../project/open-project.js';
import { startStudioProcess } from '../test-support/cli.js';
import { describeWithPostgres } from '../test-support/postgres-cluster.js';
import { useStore } from '../test-support/store-choice.js';

const PRODUCT = `import { Rest } from 'decorest';

@Rest
export class Product {
  id!: number;
  name!: string;
}
`;

const RENAME: ModelEdit = {
  kind: 'renameField',
  model: 'Product',
  field: 'name',
  to: 'title',
  migrate: true,
};

type Row = Record<string, unknown>;
const keyOf = (row: Row) => ('title' in row ? 'title' : 'name' in row ? 'name' : 'neither');

describeWithPostgres('a model edit on PostgreSQL killed at each step', () => {
  const freshDatabase = useStore('postgres');
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    removeTempProjects();
  });

  /** Which name the model file, the table's records and the seed rows use. */
  async function stateOf(dir: string, database: string) {
    // Opened first: the open finishes or undoes an interrupted edit (else it refuses the table).
    const project = await openProject(dir, { database });
    try {
      const source = await readFile(join(dir, 'product.ts'), 'utf8');
      const product = project.runtimes.find((r) => r.schema.name === 'Product')!;
      const records = [...(await product.store.records()).values()].map(keyOf);
      const seed = JSON.parse(await readFile(join(dir, 'seed', 'products.json'), 'utf8')) as Row[];
      return {
        file: /\btitle!: string/.test(source) ? 'title' : 'name',
        records: [...new Set(records)],
        seed: [...new Set(seed.map(keyOf))],
      };
    } finally {
      await project.close();
    }
  }

  it.each([
    ['journal', 'name'],
    ['file', 'name'],
    ['commit', 'title'],
    [undefined, 'title'],
  ])(
    'killed after %s: file, table and seed all use %s',
    async (step, name) => {
      const { database } = await freshDatabase();
      const dir = writeTempProject({
        'product.ts': PRODUCT,
        'seed/products.json': JSON.stringify([
          { id: 1, name: 'Pen' },
          { id: 2, name: 'Cup' },
        ]),
      });
      const studio = await startStudioProcess(
        [dir, '--port', '0', '--database', database!],
        step === undefined ? {} : { DECOREST_FAULT_AT: step },
        (kill) => cleanup.push(kill),
      );
      const exited = new Promise<void>((resolve) => studio.child.once('exit', () => resolve()));
      const url = new URL(studio.studioUrl);
      const call = (path: string, body: unknown) =>
        fetch(`${url.origin}/api${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${url.hash.slice('#token='.length)}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        });
      const preview = (await (
        await call('/model-edits/preview', { edit: RENAME })
      ).json()) as ModelEditPreview;
      const answer = await call('/model-edits', { edit: RENAME, hashes: hashesOf(preview) }).catch(
        () => undefined,
      );
      if (step === undefined) {
        expect(answer?.status).toBe(200);
        studio.child.kill('SIGKILL');
      }
      await exited;

      const expected = { file: name, records: [name], seed: [name] };
      expect(await stateOf(dir, database!)).toEqual(expected);
      // The journal is gone, and the data folder it made with it.
      expect(await stateOf(dir, database!)).toEqual(expected);
      await expect(
        readFile(join(dir, 'data', 'model-edit.database-journal.json')),
      ).rejects.toThrow();
    },
    60_000,
  );
});
