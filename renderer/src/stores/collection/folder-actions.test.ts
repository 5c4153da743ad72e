import { describe, expect, it } from 'vitest';

import { emptyFolderMoves, folderRenameProblem } from './folder-actions';

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

describe('a folder rename the collection refuses', () => {
  it('is one into the folder itself, whatever the case; a sibling or a case change is fine', () => {
    expect(folderRenameProblem('api', 'api/v1')).toBe(
      'api/v1 is inside api: choose a folder outside it',
    );
    expect(folderRenameProblem('Api', 'api/v1')).toMatch(/inside Api/);
    expect(folderRenameProblem('api', 'apis')).toBeNull();
    expect(folderRenameProblem('api', 'API')).toBeNull();
    expect(folderRenameProblem('a/b', 'a')).toBeNull();
  });
});
