/**
 * Issue 24: writes that run while a model edit migrates, writes and reloads are held back,
 * so none is validated by the model being replaced. Writers keep creating records through
 * the mock API and the control API for as long as a rename with migration takes; afterwards
 * no stored record keeps the old key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ModelEditPreview } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';
import { hashesOf, RENAME_CONTENT } from './test-support/model-edits.js';

let f: StudioFixture;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
});

describe('a model edit under write load', () => {
  it('leaves no record with the old key', async () => {
    const edit = RENAME_CONTENT;
    const preview = (await f.api('POST', '/model-edits/preview', { edit }))
      .json as ModelEditPreview;
    const hashes = hashesOf(preview);

    let editing = true;
    let created = 0;
    // Each writer sends `content` until the API refuses it (the rename served), then `title`.
    const writer = async (viaControl: boolean) => {
      let key = 'content';
      for (let n = 0; editing || n < 3; n++) {
        const body = { [key]: `w${n}`, completed: false };
        const answer = viaControl
          ? await f.api('POST', '/models/Todo/records', body)
          : await f.mock('POST', '/todos', body);
        if (answer.status === 201) created++;
        else if (answer.status === 422 && key === 'content') key = 'title';
        else throw new Error(`${answer.status}: ${answer.text}`);
      }
    };
    const writers = [writer(false), writer(false), writer(true), writer(false)];
    const applied = await f.api('POST', '/model-edits', { edit, hashes });
    editing = false;
    await Promise.all(writers);
    expect(applied.status, applied.text).toBe(200);
    expect(created).toBeGreaterThan(4);
    const stored = (await f.mock('GET', '/todos')).json as Record<string, unknown>[];
    expect(stored.filter((t) => 'content' in t)).toEqual([]);
    expect(stored.every((t) => typeof t['title'] === 'string')).toBe(true);
  }, 60_000);
});
