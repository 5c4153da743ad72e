import { describe, expect, it } from 'vitest';

import { emptyFolderMoves } from './folder-actions';

describe('the empty folders a folder rename makes itself', () => {
  it('are those holding no request below them, at the new place, deepest only', () => {
    const folders = ['a', 'a/x', 'a/y', 'a/y/z', 'b'];
    expect(emptyFolderMoves(folders, ['a/x'], 'a', 'c')).toEqual(['c/y/z']);
    // An empty folder renamed alone; one renamed to the top of requests/ is its subfolders.
    expect(emptyFolderMoves(['e'], [], 'e', 'f')).toEqual(['f']);
    expect(emptyFolderMoves(['e', 'e/k'], [], 'e', '')).toEqual(['k']);
    // A folder whose requests move makes no folder of its own.
    expect(emptyFolderMoves(folders, ['a/x', 'a/y/z'], 'a', 'c')).toEqual([]);
    expect(emptyFolderMoves(folders, [], 'b', 'b2')).toEqual(['b2']);
  });
});
