/** NOTIFY payloads (issue 26): ids only, under PostgreSQL's 8000 bytes, own origin skipped. */
import { describe, expect, it } from 'vitest';

import { changesOf, payloadsOf } from './change-notify.js';

describe('change payloads', () => {
  it('round-trip, and a payload from this origin is skipped', () => {
    const payloads = payloadsOf('me', [
      { model: 'Todo', op: 'create', ids: [1, 2] },
      { model: 'User', op: 'reset', ids: [] },
    ]);
    expect(payloads).toHaveLength(1);
    expect(changesOf(payloads[0]!, 'someone else')).toEqual([
      { model: 'Todo', op: 'create', ids: [1, 2], remote: true },
      { model: 'User', op: 'reset', ids: [], remote: true },
    ]);
    expect(changesOf(payloads[0]!, 'me')).toBeUndefined();
  });

  it('splits many ids over payloads under 8000 bytes, losing none', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `id-${i}-é`);
    const payloads = payloadsOf('me', [{ model: 'Todo', op: 'import', ids }]);
    expect(payloads.length).toBeGreaterThan(5);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => changesOf(p, 'x')!.flatMap((c) => c.ids))).toEqual(ids);
  });

  it('an id too long for any payload is left out, the change still goes', () => {
    const [payload, ...rest] = payloadsOf('me', [
      { model: 'Todo', op: 'update', ids: ['x'.repeat(9_000)] },
    ]);
    expect(rest).toEqual([]);
    expect(changesOf(payload!, 'x')).toEqual([
      { model: 'Todo', op: 'update', ids: [], remote: true },
    ]);
  });

  it('ignores payloads that are not ours', () => {
    expect(changesOf('not json', 'x')).toBeUndefined();
    expect(changesOf('{"o":"a","c":[["Todo","drop",[1]],["Todo","delete",[1,{}]]]}', 'x')).toEqual([
      { model: 'Todo', op: 'delete', ids: [1], remote: true },
    ]);
  });
});
