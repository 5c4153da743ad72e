import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect } from 'vitest';

import { runCollectionCases } from '../collection.case.js';
import type { CollectionOptions, StoredRecord } from '../collection.js';
import { type FileCollection, openFileCollection } from './file-collection.js';
import { MemoryCollection } from './memory-collection.js';

runCollectionCases('MemoryCollection', (options) => Promise.resolve(new MemoryCollection(options)));

describe('FileCollection', () => {
  let folder: string;
  let opened: Array<{ collection: FileCollection; options: CollectionOptions }> = [];
  let counter = 0;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'decorest-cases-'));
    opened = [];
  });

  // Every case doubles as a durability check: what memory holds at the end is what the
  // datafile gives back.
  afterEach(async () => {
    for (const { collection, options } of opened) {
      const expected: StoredRecord[] = [...collection.values()];
      await collection.close();
      const reopened = await openFileCollection(collection.file, options);
      expect([...reopened.values()]).toEqual(expected);
      expect(reopened.warnings).toEqual([]);
      await reopened.close();
    }
    await rm(folder, { recursive: true, force: true });
  });

  runCollectionCases('FileCollection', async (options) => {
    const collection = await openFileCollection(join(folder, `c${counter++}.db`), options);
    opened.push({ collection, options });
    return collection;
  });
});
