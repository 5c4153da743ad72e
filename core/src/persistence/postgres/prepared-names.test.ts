/** Names of prepared list statements (issue 44): stable, per column types, bounded. */
import { describe, expect, it } from 'vitest';

import { MAX_NAMED, preparedName, tableSignature } from './prepared-names.js';
import { tableOf } from './table-schema.js';
import { field, INTEGER, model, NUMBER } from './test-models.js';

describe('preparedName', () => {
  const spec = tableOf(model('Todo', 'todos', [field('rank', INTEGER)]), []);
  const retyped = tableOf(model('Todo', 'todos', [field('rank', NUMBER)]), []);

  it('names one text on one table alike every time, and anew once a column changes type', () => {
    const text = 'SELECT "id" FROM "todos" ORDER BY "id" LIMIT 10';
    const name = preparedName(tableSignature(spec), text);
    expect(name).toMatch(/^decorest_[0-9a-f]{24}$/);
    expect(preparedName(tableSignature(spec), text)).toBe(name);
    expect(preparedName(tableSignature(retyped), text)).not.toBe(name);
  });

  it(`names at most ${MAX_NAMED} texts a process: every connection keeps what it prepared`, () => {
    const names = Array.from({ length: MAX_NAMED + 10 }, (_, i) =>
      preparedName(tableSignature(spec), `SELECT ${i}`),
    );
    expect(names.filter((n) => n !== undefined).length).toBe(MAX_NAMED - 2);
    expect(names.at(-1)).toBeUndefined();
  });
});
