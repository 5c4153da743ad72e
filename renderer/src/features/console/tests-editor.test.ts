import { describe, expect, it } from 'vitest';

import { switchKind } from './tests-editor';

describe("a test's kind changed", () => {
  it('keeps what it reads and the value the new kind can hold', () => {
    const equals = { kind: 'json-equals' as const, pointer: '/0/id', value: 5 };
    expect(switchKind(equals, 'json-not-equals')).toEqual({ ...equals, kind: 'json-not-equals' });
    expect(switchKind(equals, 'json-compare')).toEqual({
      kind: 'json-compare',
      pointer: '/0/id',
      op: 'gt',
      value: 5,
    });
    expect(switchKind({ ...equals, value: 'x' }, 'json-compare')).toMatchObject({ value: 0 });
    expect(switchKind(equals, 'json-type')).toEqual({
      kind: 'json-type',
      pointer: '/0/id',
      type: 'array',
    });
    const header = { kind: 'header-equals' as const, name: 'ETag', value: 'w/1' };
    expect(switchKind(header, 'header-contains')).toEqual({ ...header, kind: 'header-contains' });
    expect(switchKind(header, 'status')).toEqual({ kind: 'status', equals: 200 });
  });
});
