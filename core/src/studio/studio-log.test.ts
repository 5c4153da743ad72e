import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ModelEditPreview } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';
import { changedFiles, failureLine, projectPath } from './studio-log.js';

let f: StudioFixture;
const lines: string[] = [];

beforeAll(async () => {
  f = await startStudioFixture(EXAMPLES.todo, { log: (line) => lines.push(line) });
});
afterAll(() => f.dispose());

/** Resolves with the first line printed from now on that matches (the test's timeout bounds it). */
async function nextLine(pattern: RegExp): Promise<string> {
  const from = lines.length;
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = lines.slice(from).find((l) => pattern.test(l));
        return found;
      },
      { timeout: 15_000, interval: 20 },
    )
    .toBeDefined();
  return found!;
}

describe("the studio's terminal lines (issue 23)", () => {
  it('prints nothing for the start itself', () => {
    expect(lines).toEqual([]);
  });

  it('prints one line per reload, per load error and per model edit', async () => {
    const todo = join(f.dir, 'todo.ts');
    const good = await readFile(todo, 'utf8');

    let printed = nextLine(/^reloaded/);
    await writeFile(
      todo,
      good.replace('completed!: boolean;', 'completed!: boolean;\n  due?: Date;'),
    );
    expect(await printed).toMatch(/^reloaded todo\.ts, serving \d+ ms after the save$/);

    printed = nextLine(/^load error/);
    await writeFile(todo, good.replace('content!: string;', 'content!: string = ;'));
    expect(await printed).toMatch(
      /^load error: todo\.ts:\d+:\d+: .+ \(the last good version still serves\)$/,
    );

    printed = nextLine(/^load error/);
    await writeFile(todo, good.replace('completed!: boolean;', 'completed!: boolean = ;'));
    expect(await printed).toMatch(/^load error: todo\.ts:\d+:\d+: /);

    // The fix restores what serves: the line still names the file that was fixed.
    printed = nextLine(/^reloaded/);
    await writeFile(
      todo,
      good.replace('completed!: boolean;', 'completed!: boolean;\n  due?: Date;'),
    );
    expect(await printed).toMatch(/^reloaded todo\.ts, serving \d+ ms after the save$/);

    const edit = {
      kind: 'addField',
      model: 'Todo',
      field: { name: 'notes', type: 'string', optional: true },
    };
    const preview = (await f.api('POST', '/model-edits/preview', { edit }))
      .json as ModelEditPreview;
    const hashes = Object.fromEntries(preview.files.map((p) => [p.file, p.hash]));
    const reloaded = nextLine(/^reloaded/);
    printed = nextLine(/^model edit/);
    expect((await f.api('POST', '/model-edits', { edit, hashes })).status).toBe(200);
    expect(await printed).toBe('model edit: added Todo.notes (todo.ts)');
    expect(await reloaded).toMatch(/^reloaded todo\.ts in \d+ ms$/);
  }, 30_000);
});

describe('the pieces of a line', () => {
  it('names a project file relative to the project, another as it is', () => {
    expect(projectPath('/p/blog', '/p/blog/models/post.ts')).toBe('models/post.ts');
    expect(projectPath('/p/blog', '/p/other.ts')).toBe('/p/other.ts');
    expect(
      failureLine('/p/blog', {
        code: 'SYNTAX_ERROR',
        message: '/p/blog/post.ts:3:9: Expression expected',
        reason: 'Expression expected',
        file: '/p/blog/post.ts',
        line: 3,
        column: 9,
      }),
    ).toBe('post.ts:3:9: Expression expected');
  });

  it('lists changed, added and removed files', () => {
    const a = { path: 'a.ts', source: 'a' };
    const b = { path: 'b.ts', source: 'b' };
    expect(changedFiles([a, b], [a, { path: 'b.ts', source: 'B' }])).toEqual(['b.ts']);
    expect(changedFiles([a], [a, b])).toEqual(['b.ts']);
    expect(changedFiles([a, b], [a])).toEqual(['b.ts']);
  });
});
