import { describe, expect, it } from 'vitest';

import {
  brunoFilesOf,
  brunoFolderProblem,
  brunoPathOf,
  importFileProblem,
  MAX_REQUESTS_IMPORT_BYTES,
} from './import-source';

const file = (webkitRelativePath: string, size = 10) => ({ webkitRelativePath, size });

describe('a Bruno folder as the files the core reads', () => {
  it('sends bruno.json and every .bru with paths relative to the chosen folder', () => {
    expect(brunoPathOf('todos/bruno.json')).toBe('bruno.json');
    expect(brunoPathOf('todos/users/Get user.bru')).toBe('users/Get user.bru');
    expect(brunoPathOf('todos/environments/Local.bru')).toBe('environments/Local.bru');
  });

  it('leaves out other files, node_modules and hidden folders', () => {
    expect(brunoPathOf('todos/README.md')).toBeNull();
    expect(brunoPathOf('todos/users/bruno.json.bak')).toBeNull();
    expect(brunoPathOf('todos/node_modules/x/a.bru')).toBeNull();
    expect(brunoPathOf('todos/.git/a.bru')).toBeNull();
  });

  it('lists the picked files in path order, keeping each File', () => {
    const files = [file('c/b.bru'), file('c/notes.txt'), file('c/bruno.json'), file('c/a/x.bru')];
    expect(brunoFilesOf(files).map((p) => [p.path, p.file.webkitRelativePath])).toEqual([
      ['a/x.bru', 'c/a/x.bru'],
      ['b.bru', 'c/b.bru'],
      ['bruno.json', 'c/bruno.json'],
    ]);
  });

  it('refuses a folder without bruno.json at its top, without requests, or too large', () => {
    expect(brunoFolderProblem(brunoFilesOf([file('c/a.bru')]))).toMatch(/no bruno\.json/);
    expect(brunoFolderProblem(brunoFilesOf([file('c/bruno.json')]))).toMatch(/no \.bru/);
    const big = [file('c/bruno.json'), file('c/a.bru', MAX_REQUESTS_IMPORT_BYTES)];
    expect(brunoFolderProblem(brunoFilesOf(big))).toMatch(/at most 1024 KiB/);
    expect(brunoFolderProblem(brunoFilesOf([file('c/bruno.json'), file('c/a.bru')]))).toBeNull();
  });
});

describe('a chosen file', () => {
  it('takes .json, .http and .rest files up to the limit', () => {
    expect(importFileProblem({ name: 'todos.postman_collection.json', size: 5 })).toBeNull();
    expect(importFileProblem({ name: 'api.http', size: 5 })).toBeNull();
    expect(importFileProblem({ name: 'api.txt', size: 5 })).toMatch(/neither/);
    expect(importFileProblem({ name: 'a.json', size: MAX_REQUESTS_IMPORT_BYTES + 1 })).toMatch(
      /at most/,
    );
  });
});
