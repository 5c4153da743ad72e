/**
 * Issue 24: a migrating model edit is one step on disk. A real `decorest studio` process is
 * killed (SIGKILL, by itself, at a named step of the edit: the fault points of apply-edit.ts)
 * while it renames Todo.content to title; the project opened again afterwards finds the model
 * file, the records and the seed agreeing: all old, or all new.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { ModelEditPreview } from '../contract/control-api.js';
import { hashesOf, RENAME_CONTENT } from '../control/test-support/model-edits.js';
import { openProject } from '../project/open-project.js';
import { startStudioProcess } from '../test-support/cli.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { copyProject } from '../test-support/studio-fixture.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const RENAME = RENAME_CONTENT;

/** The control API of a studio process: its URL and token from the printed studio URL. */
function controlOf(studioUrl: string) {
  const url = new URL(studioUrl);
  const token = url.hash.slice('#token='.length);
  return (path: string, body: unknown) =>
    fetch(`${url.origin}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
}

/** Which name the model file, every record and every seed row use for Todo's text. */
async function stateOf(dir: string): Promise<{ file: string; records: string[]; seed: string[] }> {
  const keyOf = (row: Record<string, unknown>) =>
    'title' in row ? 'title' : 'content' in row ? 'content' : 'neither';
  // Opened first: the open finishes or drops an interrupted edit.
  const project = await openProject(dir);
  try {
    const source = await readFile(join(dir, 'todo.ts'), 'utf8');
    const todo = project.runtimes.find((r) => r.schema.name === 'Todo')!;
    const records = [...(await todo.store.records()).values()].map(keyOf);
    const seedRows = JSON.parse(await readFile(join(dir, 'seed', 'todos.json'), 'utf8')) as Record<
      string,
      unknown
    >[];
    return {
      file: /\btitle!: string/.test(source) ? 'title' : 'content',
      records: [...new Set(records)],
      seed: [...new Set(seedRows.map(keyOf))],
    };
  } finally {
    await project.close();
  }
}

async function editKilledAt(step: string | undefined): Promise<string> {
  const dir = await copyProject(EXAMPLES.todo);
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const studio = await startStudioProcess(
    [dir, '--port', '0'],
    step === undefined ? {} : { DECOREST_FAULT_AT: step },
    (kill) => cleanup.push(kill),
  );
  const exited = new Promise<void>((resolve) => studio.child.once('exit', () => resolve()));
  const call = controlOf(studio.studioUrl);
  const preview = (await (
    await call('/model-edits/preview', { edit: RENAME })
  ).json()) as ModelEditPreview;
  expect(preview.migration?.records).toBeGreaterThan(0);
  const answer = await call('/model-edits', { edit: RENAME, hashes: hashesOf(preview) }).catch(
    () => undefined,
  );
  if (step === undefined) {
    expect(answer?.status).toBe(200);
    studio.child.kill('SIGKILL');
  }
  await exited;
  return dir;
}

describe('a model edit killed at each step', () => {
  it.each([
    ['journal', 'content'],
    ['records', 'title'],
    ['seed', 'title'],
    ['file', 'title'],
    [undefined, 'title'],
  ])(
    'killed after %s: file, records and seed all use %s',
    async (step, name) => {
      const dir = await editKilledAt(step);
      expect(await stateOf(dir)).toEqual({ file: name, records: [name], seed: [name] });
      // The journal is gone: a second open changes nothing.
      expect(await stateOf(dir)).toEqual({ file: name, records: [name], seed: [name] });
    },
    60_000,
  );
});
