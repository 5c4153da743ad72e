import { describe, expect, it } from 'vitest';

import { FILE_NAME_LIMIT, folderParts, isCollectionPath, safeName } from './safe-names.js';

describe('safeName', () => {
  it.each([
    ['Get user', 'Get user'],
    ['GET /todos/:id?x=1', 'GET -todos--id-x=1'],
    ['../x', '-x'],
    ['..', 'request'],
    ['a\0b', 'a-b'],
    ['con', '_con'],
    ['LPT1.txt', '_LPT1.txt'],
    [' trailing dot. ', 'trailing dot'],
    ['', 'request'],
    ['Ünïcödé ✓', 'Ünïcödé ✓'],
  ])('makes %j into %j', (name, safe) => {
    expect(safeName(name, 'request')).toBe(safe);
  });

  it(`cuts a long name at ${FILE_NAME_LIMIT} characters, not inside a surrogate pair`, () => {
    expect(safeName('x'.repeat(300), 'r')).toHaveLength(FILE_NAME_LIMIT);
    const emoji = safeName('a' + '😀'.repeat(100), 'r');
    expect([...emoji]).toHaveLength(FILE_NAME_LIMIT);
    expect(emoji.endsWith('😀')).toBe(true);
  });
});

describe('folderParts', () => {
  it('splits on / and makes each part safe', () => {
    expect(folderParts('users/ad:min/')).toEqual({ ok: true, parts: ['users', 'ad-min'] });
    expect(folderParts('')).toEqual({ ok: true, parts: [] });
  });

  it('refuses .., ., NUL and too deep a folder', () => {
    expect(folderParts('../x').ok).toBe(false);
    expect(folderParts('a/./b').ok).toBe(false);
    expect(folderParts('a\0').ok).toBe(false);
    expect(folderParts('a/'.repeat(9)).ok).toBe(false);
  });
});

describe('isCollectionPath', () => {
  it.each(['a.json', 'users/Get user.json'])('takes %j', (path) => {
    expect(isCollectionPath(path)).toBe(true);
  });
  it.each([
    '../x.json',
    '/etc/x.json',
    'a/../b.json',
    'a\\b.json',
    'x\0.json',
    'x.txt',
    'con.json',
    '',
  ])('refuses %j', (path) => {
    expect(isCollectionPath(path)).toBe(false);
  });
});
