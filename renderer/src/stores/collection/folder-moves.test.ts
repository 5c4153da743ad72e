import { describe, expect, it } from 'vitest';

import { savedEntry } from '../../test-support/saved-entries';
import { folderMoves, normalFolder } from './folder-moves';

const entry = savedEntry;

const requests = [
  entry('', 'top'),
  entry('todos', 'list'),
  entry('todos/old', 'get'),
  entry('todosx', 'other'),
];

describe('Rename folder', () => {
  it('moves the requests of the folder and of its subfolders, and no others', () => {
    expect(folderMoves(requests, 'todos', 'tasks').map((m) => [m.entry.path, m.folder])).toEqual([
      ['todos/list.json', 'tasks'],
      ['todos/old/get.json', 'tasks/old'],
    ]);
  });

  it('moves them to the top when the new name is empty, and never renames the top', () => {
    expect(folderMoves(requests, 'todos', '').map((m) => m.folder)).toEqual(['', 'old']);
    expect(folderMoves(requests, '', 'x')).toEqual([]);
  });

  it('reads a typed folder as the core does', () => {
    expect(normalFolder(' a / b//c\\d ')).toBe('a/b/c/d');
    expect(normalFolder('  ')).toBe('');
  });
});
