import { describe, expect, it } from 'vitest';

import { closedFoldersKey, readClosedFolders, writeClosedFolders } from './closed-folders';

/** The part of `localStorage` the module uses, in memory. */
function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('closed folders, kept per project', () => {
  it('come back for the same project root and not for another', () => {
    const store = memoryStore();
    writeClosedFolders(store, '/work/a', new Set(['Bruno Todos', 'Bruno Todos/todos']));
    expect([...readClosedFolders(store, '/work/a')]).toEqual(['Bruno Todos', 'Bruno Todos/todos']);
    expect(readClosedFolders(store, '/work/b').size).toBe(0);
    expect(store.items.has(closedFoldersKey('/work/a'))).toBe(true);
  });

  it('leave no key once every folder is open again', () => {
    const store = memoryStore();
    writeClosedFolders(store, '/work/a', new Set(['todos']));
    writeClosedFolders(store, '/work/a', new Set());
    expect(store.items.size).toBe(0);
  });

  it('read as none when the kept text is not a list of paths, or there is no project yet', () => {
    const store = memoryStore();
    store.setItem(closedFoldersKey('/work/a'), '{ not json');
    expect(readClosedFolders(store, '/work/a').size).toBe(0);
    store.setItem(closedFoldersKey('/work/a'), JSON.stringify(['todos', 3, null]));
    expect([...readClosedFolders(store, '/work/a')]).toEqual(['todos']);
    writeClosedFolders(store, undefined, new Set(['x']));
    expect(readClosedFolders(store, undefined).size).toBe(0);
    expect(readClosedFolders(undefined, '/work/a').size).toBe(0);
  });
});
