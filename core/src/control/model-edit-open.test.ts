/**
 * Issue 42 against a real studio: the designer closes an open model. The preview names the
 * records and seed rows holding undeclared fields; Fit drops them (records and seed), Keep
 * leaves them; the file then says nothing of `open`, and an undeclared field is a 422 again.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ModelEdit, ModelEditPreview, ModelInfo } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';
import { hashesOf } from './test-support/model-edits.js';

type Row = Record<string, unknown>;

let source: string;
let f: StudioFixture;
beforeEach(async () => {
  // The example with User open and one seed row holding an undeclared key.
  source = await mkdtemp(join(tmpdir(), 'decorest-open-'));
  await cp(EXAMPLES.todo, source, { recursive: true });
  const userFile = join(source, 'user.ts');
  await writeFile(
    userFile,
    (await readFile(userFile, 'utf8')).replace('@Rest\n', '@Rest({ open: true })\n'),
  );
  const seedFile = join(source, 'seed', 'users.json');
  const seed = JSON.parse(await readFile(seedFile, 'utf8')) as Row[];
  seed[1] = { ...seed[1], nickname: 'Bobby' };
  await writeFile(seedFile, JSON.stringify(seed, null, 2) + '\n');
  f = await startStudioFixture(source);
});
afterEach(async () => {
  await f.dispose();
  await rm(source, { recursive: true, force: true });
});

async function preview(edit: ModelEdit): Promise<ModelEditPreview> {
  const answer = await f.api('POST', '/model-edits/preview', { edit });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as ModelEditPreview;
}

async function userInfo(): Promise<ModelInfo> {
  const models = (await f.api('GET', '/models')).json as ModelInfo[];
  return models.find((m) => m.name === 'User')!;
}

describe('closing an open model', () => {
  it('names the records with undeclared fields, and Fit drops them from records and seed', async () => {
    const created = await f.mock('POST', '/users', { name: 'Dee', likes: 3, views: 9 });
    expect(created.status, created.text).toBe(201);
    const id = (created.json as Row)['id'];

    const close: ModelEdit = { kind: 'setOpen', model: 'User', open: false, fit: true };
    const seen = await preview(close);
    expect(seen.files[0]!.diff).toContain('-@Rest({ open: true })');
    expect(seen.files[0]!.diff).toContain('+@Rest()');
    expect(seen.breaking).toMatchObject({ records: 2, seedRecords: 1, fittable: true });
    expect(seen.breaking!.examples).toContain(
      `record ${String(id)}: likes, views are not fields of User`,
    );
    expect(seen.breaking!.examples).toContain(
      'seed/users.json row 1: nickname is not a field of User',
    );
    expect(seen.migration).toMatchObject({ action: 'dropUndeclared', records: 2, seedRecords: 1 });

    const done = await f.api('POST', '/model-edits', { edit: close, hashes: hashesOf(seen) });
    expect(done.status, done.text).toBe(200);
    expect(await readFile(join(f.dir, 'user.ts'), 'utf8')).not.toContain('open');
    expect((await userInfo()).open).toBeUndefined();
    const users = (await f.mock('GET', '/users')).json as Row[];
    expect(users.every((u) => Object.keys(u).every((k) => k === 'id' || k === 'name'))).toBe(true);
    const seed = JSON.parse(await readFile(join(f.dir, 'seed', 'users.json'), 'utf8')) as Row[];
    expect(seed.some((r) => 'nickname' in r)).toBe(false);

    const refused = await f.mock('POST', '/users', { name: 'Eve', likes: 1 });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.text).toContain('likes');
  });

  it('keeps the undeclared fields with Keep, and reopening writes open: true back', async () => {
    await f.mock('POST', '/users', { name: 'Dee', likes: 3 });
    const keep: ModelEdit = { kind: 'setOpen', model: 'User', open: false };
    const seen = await preview(keep);
    expect(seen.migration).toBeUndefined();
    expect(seen.breaking).toMatchObject({ records: 2, seedRecords: 1 });
    const done = await f.api('POST', '/model-edits', { edit: keep, hashes: hashesOf(seen) });
    expect(done.status, done.text).toBe(200);
    const users = (await f.mock('GET', '/users')).json as Row[];
    expect(users.some((u) => u['likes'] === 3)).toBe(true);

    const reopen: ModelEdit = { kind: 'setOpen', model: 'User', open: true };
    const again = await preview(reopen);
    expect(again.breaking).toBeUndefined();
    const opened = await f.api('POST', '/model-edits', { edit: reopen, hashes: hashesOf(again) });
    expect(opened.status, opened.text).toBe(200);
    expect(await readFile(join(f.dir, 'user.ts'), 'utf8')).toContain('@Rest({ open: true })');
    expect((await userInfo()).open).toBe(true);
    expect((await f.mock('POST', '/users', { name: 'Eve', likes: 1 })).status).toBe(201);
  });
});
