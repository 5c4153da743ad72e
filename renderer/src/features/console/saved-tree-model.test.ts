import { describe, expect, it } from 'vitest';

import type { RequestEntry } from '../../api';
import { treeKeyMove } from '../../ui/tree-keys';
import {
  allFolders,
  folderTitle,
  isEmptyFolder,
  itemsByKey,
  type SavedFolder,
  savedTree,
  visibleRows,
} from './saved-tree-model';

const entry = (folder: string, name: string): RequestEntry => ({
  path: folder ? `${folder}/${name}.json` : `${name}.json`,
  folder,
  request: { name, method: 'GET', url: `/${name}` } as RequestEntry['request'],
});

// As the core lists an imported Bruno collection (request-order.ts): the top first, then each
// folder's requests before its subfolders, sibling folders by their first place.
const LIST = [
  entry('', 'Health'),
  entry('Bruno Todos', 'Login'),
  entry('Bruno Todos/todos', 'List todos'),
  entry('Bruno Todos/todos', 'Create todo'),
  entry('Bruno Todos/todos/done', 'Done todos'),
  entry('Bruno Todos/users', 'List users'),
  entry('Zeta', 'Last'),
];

/** A folder as `name(level): requests [subfolders]`, to read a whole tree at a glance. */
const shape = (f: SavedFolder): string =>
  `${f.name}(${f.level}): ${f.requests.map((e) => e.request.name).join(', ')}` +
  (f.folders.length ? ` [${f.folders.map(shape).join('; ')}]` : '');

describe('savedTree', () => {
  it('nests a folder path as folders inside folders, each named by its last segment', () => {
    expect(savedTree(LIST).map(shape)).toEqual([
      'Not in a folder(1): Health',
      'Bruno Todos(1): Login [todos(2): List todos, Create todo [done(3): Done todos]; users(2): List users]',
      'Zeta(1): Last',
    ]);
    const inner = allFolders(savedTree(LIST)).find((f) => f.name === 'done');
    expect(inner?.path).toBe('Bruno Todos/todos/done');
  });

  it('makes a folder that holds only subfolders, before them', () => {
    const tree = savedTree([entry('a/b/c', 'Deep'), entry('x', 'Other')]);
    expect(tree.map(shape)).toEqual(['a(1):  [b(2):  [c(3): Deep]]', 'x(1): Other']);
    expect(allFolders(tree).map((f) => f.path)).toEqual(['a', 'a/b', 'a/b/c', 'x']);
  });

  it("keeps the core's order: walked top to bottom, the requests come as listed", () => {
    const shown = visibleRows(savedTree(LIST), new Set()).filter((r) => r.expanded === undefined);
    expect(shown.map((r) => r.label)).toEqual(LIST.map((e) => e.request.name));
  });

  it('shows a folder that holds no request yet, after those that do, nested where it is', () => {
    const tree = savedTree(LIST, ['Bruno Todos', 'Bruno Todos/todos', 'Admin', 'Zeta/new']);
    expect(tree.map(shape)).toEqual([
      'Not in a folder(1): Health',
      'Bruno Todos(1): Login [todos(2): List todos, Create todo [done(3): Done todos]; users(2): List users]',
      'Zeta(1): Last [new(2): ]',
      'Admin(1): ',
    ]);
    const empty = allFolders(tree)
      .filter(isEmptyFolder)
      .map((f) => f.path);
    expect(empty).toEqual(['Zeta/new', 'Admin']);
    expect(savedTree([], ['a', 'a/b']).map(shape)).toEqual(['a(1):  [b(2): ]']);
    expect(isEmptyFolder(savedTree([], ['a', 'a/b'])[0]!)).toBe(true);
  });

  it('has no "Not in a folder" without a request at the top, and nothing for no request', () => {
    expect(savedTree(LIST.slice(1)).map((f) => f.name)).toEqual(['Bruno Todos', 'Zeta']);
    expect(savedTree([])).toEqual([]);
  });

  it('names a path in full for groups and buttons, the top in words', () => {
    expect(folderTitle('Bruno Todos/todos')).toBe('Bruno Todos/todos');
    expect(folderTitle('')).toBe('Not in a folder');
  });
});

describe('visibleRows', () => {
  const tree = savedTree(LIST);

  it('lists an open folder, its requests, then its subfolders, each with its parent', () => {
    const rows = visibleRows(tree, new Set());
    expect(rows.slice(2, 8)).toEqual([
      { key: 'folder:Bruno Todos', expanded: true, label: 'Bruno Todos' },
      { key: 'request:Bruno Todos/Login.json', parent: 'folder:Bruno Todos', label: 'Login' },
      {
        key: 'folder:Bruno Todos/todos',
        parent: 'folder:Bruno Todos',
        expanded: true,
        label: 'todos',
      },
      {
        key: 'request:Bruno Todos/todos/List todos.json',
        parent: 'folder:Bruno Todos/todos',
        label: 'List todos',
      },
      {
        key: 'request:Bruno Todos/todos/Create todo.json',
        parent: 'folder:Bruno Todos/todos',
        label: 'Create todo',
      },
      {
        key: 'folder:Bruno Todos/todos/done',
        parent: 'folder:Bruno Todos/todos',
        expanded: true,
        label: 'done',
      },
    ]);
  });

  it('hides everything under a closed folder, however deep, and keeps an inner one closed', () => {
    const keys = (closed: string[]) => visibleRows(tree, new Set(closed)).map((r) => r.key);
    expect(keys(['Bruno Todos'])).toEqual([
      'folder:',
      'request:Health.json',
      'folder:Bruno Todos',
      'folder:Zeta',
      'request:Zeta/Last.json',
    ]);
    const innerClosed = keys(['Bruno Todos/todos']);
    expect(innerClosed).toContain('folder:Bruno Todos/todos');
    expect(innerClosed).not.toContain('folder:Bruno Todos/todos/done');
    expect(innerClosed).toContain('folder:Bruno Todos/users');
    expect(visibleRows(tree, new Set(['Bruno Todos/todos']))[4]).toMatchObject({
      expanded: false,
    });
  });

  it('walks across levels with the tree keys: ArrowLeft up to each parent in turn', () => {
    const rows = visibleRows(tree, new Set());
    const left = (at: string) => treeKeyMove(rows, at, { key: 'ArrowLeft' });
    expect(left('request:Bruno Todos/todos/done/Done todos.json')).toEqual({
      kind: 'focus',
      key: 'folder:Bruno Todos/todos/done',
    });
    // An open folder closes first; closed, it goes to its parent.
    expect(left('folder:Bruno Todos/todos')).toEqual({
      kind: 'collapse',
      key: 'folder:Bruno Todos/todos',
    });
    const innerClosed = visibleRows(tree, new Set(['Bruno Todos/todos']));
    expect(treeKeyMove(innerClosed, 'folder:Bruno Todos/todos', { key: 'ArrowLeft' })).toEqual({
      kind: 'focus',
      key: 'folder:Bruno Todos',
    });
  });
});

describe('itemsByKey', () => {
  it('finds each folder and each request with the folder it is in, at every level', () => {
    const items = itemsByKey(savedTree(LIST));
    expect(items.get('folder:Bruno Todos/todos/done')?.folder.path).toBe('Bruno Todos/todos/done');
    const done = items.get('request:Bruno Todos/todos/done/Done todos.json');
    expect(done?.folder.path).toBe('Bruno Todos/todos/done');
    expect(done?.entry?.request.name).toBe('Done todos');
    expect(items.get('folder:')?.folder.name).toBe('Not in a folder');
    expect(items.size).toBe(7 + 6);
  });
});
