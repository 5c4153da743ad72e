/**
 * Concurrent saves and reloads on the control API (issue 24 §4): 20 Save-as-seed calls at once
 * leave valid seed files and no temp file, and control reads are served (no 409, no 5xx) while
 * the project reloads and while another folder opens.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { f, useHostileControl } from '../test-support/hostile-control.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { copyProject } from '../test-support/studio-fixture.js';

useHostileControl();

describe('concurrent saves and reloads on the control API (issue 24 §4)', () => {
  it('answers 20 concurrent Save as seed with 200; the seed files are valid JSON', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => f.api('POST', '/data/seed')),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const result = answers[0]!.json as { models: { file: string; count: number }[] };
    expect(result.models.length).toBeGreaterThan(0);
    for (const { file, count } of result.models) {
      const rows = JSON.parse(await readFile(join(f.dir, file), 'utf8')) as unknown[];
      expect(rows).toHaveLength(count);
    }
    // No temp file is left beside them.
    expect((await readdir(join(f.dir, 'seed'))).filter((n) => !n.endsWith('.json'))).toEqual([]);
  });

  it('serves control reads during reloads: no 409, no 5xx', async () => {
    const reads: Promise<{ status: number; text: string }>[] = [];
    const reloads: Promise<{ status: number; text: string }>[] = [];
    for (let i = 0; i < 5; i++) {
      reloads.push(f.api('POST', '/project/reload'));
      for (let j = 0; j < 20; j++)
        reads.push(f.api('GET', j % 2 === 0 ? '/models' : '/models/Todo/records'));
    }
    // More reads while the reloads are still queued behind one another.
    for (let j = 0; j < 100; j++)
      reads.push(f.api('GET', j % 2 === 0 ? '/models' : '/models/Todo/records?limit=5'));
    for (const answer of await Promise.all(reloads)) expect(answer.status, answer.text).toBe(200);
    for (const answer of await Promise.all(reads)) expect(answer.status, answer.text).toBe(200);
  });

  it('serves control reads while another folder opens, then the other folder', async () => {
    const other = await copyProject(EXAMPLES.todo);
    try {
      const reads = Array.from({ length: 100 }, () => f.api('GET', '/models'));
      const opened = f.api('POST', '/project/open', { dir: other });
      reads.push(...Array.from({ length: 100 }, () => f.api('GET', '/models')));
      expect((await opened).status).toBe(200);
      for (const answer of await Promise.all(reads)) expect(answer.status, answer.text).toBe(200);
      expect(((await f.api('GET', '/project')).json as { root: string }).root).toBe(other);
    } finally {
      await f.api('POST', '/project/open', { dir: f.dir });
      await rm(other, { recursive: true, force: true });
    }
  });
});
