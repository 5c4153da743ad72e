import { describe, expect, it } from 'vitest';

import { storageLabel } from './storage-label';

describe('storageLabel', () => {
  it('names the database (no password reaches the status) or the data folder', () => {
    expect(storageLabel({ kind: 'postgres', database: 'mock@db.internal:5432/mock' })).toEqual({
      text: 'PostgreSQL · mock on db.internal',
      name: 'Records in PostgreSQL: mock@db.internal:5432/mock',
      title: 'postgres://mock@db.internal:5432/mock',
    });
    expect(storageLabel({ kind: 'files', dataDir: 'data/' })).toEqual({
      text: 'Files · data/',
      name: 'Records in files: data/',
    });
    expect(storageLabel(undefined)).toBeUndefined();
  });
});
