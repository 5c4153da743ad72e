/** The default datasource's store passes the ModelStore suite, over memory and over a datafile. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach } from 'vitest';

import type { Collection, StoredRecord } from '../collection.js';
import { runModelStoreCases } from '../model-store.case.js';
import { CollectionStore } from './collection-store.js';
import { openFileCollection } from './file-collection.js';
import { MemoryCollection } from './memory-collection.js';

async function seeded(collection: Collection, seed: readonly StoredRecord[]) {
  for (const record of seed) await collection.insert(record);
  return new CollectionStore(collection, ['user']);
}

runModelStoreCases({
  name: 'CollectionStore over a MemoryCollection',
  writable: true,
  atomicPatches: true,
  open: (seed) => seeded(new MemoryCollection({ idKind: 'number', indexes: ['user'] }), seed),
});

let folder: string;
let opened: Collection[] = [];
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'decorest-model-store-'));
  opened = [];
});
afterEach(async () => {
  for (const collection of opened) await collection.close();
  await rm(folder, { recursive: true, force: true });
});

runModelStoreCases({
  name: 'CollectionStore over a FileCollection',
  writable: true,
  atomicPatches: true,
  atomicBatches: true,
  open: async (seed) => {
    const collection = await openFileCollection(join(folder, `m${opened.length}.db`), {
      idKind: 'number',
      indexes: ['user'],
    });
    opened.push(collection);
    return seeded(collection, seed);
  },
});
