import { describe, expect, it } from 'vitest';

import { treeKeyMove, type TreeRow } from './tree-keys';

// todos (open) > List todos, One todo; users (closed); Top level request at the top.
const ROWS: TreeRow[] = [
  { key: 'f:todos', expanded: true, label: 'todos' },
  { key: 'r:list', parent: 'f:todos', label: 'List todos' },
  { key: 'r:one', parent: 'f:todos', label: 'One todo' },
  { key: 'f:users', expanded: false, label: 'users' },
  { key: 'f:empty', expanded: true, label: 'empty' },
];

const press = (
  at: string,
  key: string,
  mods: Partial<Record<'shiftKey' | 'ctrlKey', boolean>> = {},
) => treeKeyMove(ROWS, at, { key, ...mods });

describe('the arrows, Home and End', () => {
  it('move to the next and previous visible rows, and stop at the ends', () => {
    expect(press('f:todos', 'ArrowDown')).toEqual({ kind: 'focus', key: 'r:list' });
    expect(press('r:one', 'ArrowDown')).toEqual({ kind: 'focus', key: 'f:users' });
    expect(press('r:list', 'ArrowUp')).toEqual({ kind: 'focus', key: 'f:todos' });
    expect(press('f:todos', 'ArrowUp')).toBeNull();
    expect(press('f:empty', 'ArrowDown')).toBeNull();
  });

  it('go to the first and the last row', () => {
    expect(press('r:one', 'Home')).toEqual({ kind: 'focus', key: 'f:todos' });
    expect(press('r:one', 'End')).toEqual({ kind: 'focus', key: 'f:empty' });
  });
});

describe('ArrowRight and ArrowLeft', () => {
  it('open a closed folder, then go to its first child', () => {
    expect(press('f:users', 'ArrowRight')).toEqual({ kind: 'expand', key: 'f:users' });
    expect(press('f:todos', 'ArrowRight')).toEqual({ kind: 'focus', key: 'r:list' });
  });

  it('do nothing to the right of a leaf or of an open folder with no child', () => {
    expect(press('r:list', 'ArrowRight')).toBeNull();
    expect(press('f:empty', 'ArrowRight')).toBeNull();
  });

  it('close an open folder, go from a child to its parent, and stop at the top', () => {
    expect(press('f:todos', 'ArrowLeft')).toEqual({ kind: 'collapse', key: 'f:todos' });
    expect(press('r:one', 'ArrowLeft')).toEqual({ kind: 'focus', key: 'f:todos' });
    expect(press('f:users', 'ArrowLeft')).toBeNull();
  });
});

// Bruno Todos (open) > Login, todos (open) > List todos, done (closed); Zeta (open) > Last.
const NESTED: TreeRow[] = [
  { key: 'f:bruno', expanded: true, label: 'Bruno Todos' },
  { key: 'r:login', parent: 'f:bruno', label: 'Login' },
  { key: 'f:todos', parent: 'f:bruno', expanded: true, label: 'todos' },
  { key: 'r:list', parent: 'f:todos', label: 'List todos' },
  { key: 'f:done', parent: 'f:todos', expanded: false, label: 'done' },
  { key: 'f:zeta', expanded: true, label: 'Zeta' },
  { key: 'r:last', parent: 'f:zeta', label: 'Last' },
];

describe('across levels (nested folders)', () => {
  const nested = (at: string, key: string) => treeKeyMove(NESTED, at, { key });

  it('ArrowLeft climbs one level at a time: request, its folder, that folder closed, its parent', () => {
    expect(nested('r:list', 'ArrowLeft')).toEqual({ kind: 'focus', key: 'f:todos' });
    expect(nested('f:todos', 'ArrowLeft')).toEqual({ kind: 'collapse', key: 'f:todos' });
    expect(nested('f:done', 'ArrowLeft')).toEqual({ kind: 'focus', key: 'f:todos' });
    const todosClosed = NESTED.filter((r) => r.parent !== 'f:todos').map((r) =>
      r.key === 'f:todos' ? { ...r, expanded: false } : r,
    );
    expect(treeKeyMove(todosClosed, 'f:todos', { key: 'ArrowLeft' })).toEqual({
      kind: 'focus',
      key: 'f:bruno',
    });
  });

  it('ArrowRight goes down into a subfolder as into a request, and opens a closed one', () => {
    expect(nested('r:login', 'ArrowDown')).toEqual({ kind: 'focus', key: 'f:todos' });
    expect(nested('f:todos', 'ArrowRight')).toEqual({ kind: 'focus', key: 'r:list' });
    expect(nested('f:done', 'ArrowRight')).toEqual({ kind: 'expand', key: 'f:done' });
  });

  it('ArrowDown and ArrowUp walk out of a deep folder into the next top-level one and back', () => {
    expect(nested('f:done', 'ArrowDown')).toEqual({ kind: 'focus', key: 'f:zeta' });
    expect(nested('f:zeta', 'ArrowUp')).toEqual({ kind: 'focus', key: 'f:done' });
    expect(nested('r:last', 'ArrowLeft')).toEqual({ kind: 'focus', key: 'f:zeta' });
  });

  it('type-ahead finds a row at any level', () => {
    expect(nested('f:bruno', 'd')).toEqual({ kind: 'focus', key: 'f:done' });
  });
});

describe('Enter, Space and the shortcuts', () => {
  it('open a leaf and toggle a folder', () => {
    expect(press('r:one', 'Enter')).toEqual({ kind: 'activate', key: 'r:one' });
    expect(press('r:one', ' ')).toEqual({ kind: 'activate', key: 'r:one' });
    expect(press('f:todos', 'Enter')).toEqual({ kind: 'collapse', key: 'f:todos' });
    expect(press('f:users', ' ')).toEqual({ kind: 'expand', key: 'f:users' });
  });

  it('open the actions menu with Shift+F10 or the context-menu key, rename with F2, delete with Delete', () => {
    expect(press('r:list', 'F10', { shiftKey: true })).toEqual({ kind: 'menu', key: 'r:list' });
    expect(press('f:users', 'ContextMenu')).toEqual({ kind: 'menu', key: 'f:users' });
    expect(press('r:list', 'F2')).toEqual({ kind: 'rename', key: 'r:list' });
    expect(press('r:list', 'Delete')).toEqual({ kind: 'delete', key: 'r:list' });
  });

  it('leave Tab, F10 alone and Ctrl shortcuts to the browser', () => {
    expect(press('r:list', 'Tab')).toBeNull();
    expect(press('r:list', 'F10')).toBeNull();
    expect(press('r:list', 'a', { ctrlKey: true })).toBeNull();
    expect(press('r:list', 'ArrowDown', { shiftKey: true })).toBeNull();
    expect(press('nowhere', 'ArrowDown')).toBeNull();
  });
});

describe('type-ahead', () => {
  it('goes to the next row starting with the letter, either case, wrapping round', () => {
    expect(press('f:todos', 'o')).toEqual({ kind: 'focus', key: 'r:one' });
    expect(press('r:one', 'T')).toEqual({ kind: 'focus', key: 'f:todos' });
    expect(press('f:todos', 'u', { shiftKey: true })).toEqual({ kind: 'focus', key: 'f:users' });
    expect(press('f:todos', 'l')).toEqual({ kind: 'focus', key: 'r:list' });
  });

  it('stays put when no row starts with it', () => {
    expect(press('f:todos', 'z')).toBeNull();
  });
});
