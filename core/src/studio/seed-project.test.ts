import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { ProjectStatus, RecordPage } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  copyProject,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture | undefined;
let source: string | undefined;
afterEach(async () => {
  await f?.dispose();
  if (source) await rm(source, { recursive: true, force: true });
  f = source = undefined;
});

describe('seed records on first launch', () => {
  it('imports parents before children, and a seed that does not import is a warning', async () => {
    source = await copyProject(EXAMPLES.todo);
    await writeFile(
      join(source, 'seed', 'todos.json'),
      JSON.stringify([{ content: 'orphan', completed: false, user: 99 }]),
    );
    f = await startStudioFixture(source);
    const status = (await f.api('GET', '/project')).json as ProjectStatus;
    expect(status.warnings).toHaveLength(1);
    expect(status.warnings[0]).toMatch(/seed .*todos\.json was not imported: .*\[0\]\.user/);
    expect(((await f.api('GET', '/models/Todo/records')).json as RecordPage).total).toBe(0);
    expect(((await f.api('GET', '/models/User/records')).json as RecordPage).total).toBe(3);
  });

  it('leaves an existing data folder alone', async () => {
    f = await startStudioFixture(EXAMPLES.todo);
    await f.api('DELETE', '/models/Todo/records/1');
    const reopened = (await f.api('POST', '/project/open', { dir: f.dir })).json as ProjectStatus;
    expect(reopened.warnings).toEqual([]);
    expect(((await f.api('GET', '/models/Todo/records')).json as RecordPage).total).toBe(5);
  });
});
