/**
 * Issue 47 through the real `decorest run` command (CONTRACT §7), chaining: a value saved from a
 * JSON pointer or a header is sent by the requests after it, as the Console sends it; a value
 * the answer lacks fails the request that saves it and is named by the one that needed it.
 */
import { describe, expect, it } from 'vitest';

import {
  hits,
  jsonEquals,
  project,
  run,
  status,
  useRunHarness,
} from '../test-support/run-harness.js';

useRunHarness();

describe('decorest run: chaining', () => {
  it('saves a value from a JSON pointer and a header for the requests after it', async () => {
    const dir = await project({
      'a.json': {
        name: 'Create',
        seq: 1,
        method: 'POST',
        url: '/items',
        body: { kind: 'json', text: '{"name":"made"}' },
        assertions: [status(201)],
        set: { itemId: '/id', itemUrl: 'header:Location', tags: '/tags' },
      },
      'b.json': {
        name: 'Read by id',
        seq: 2,
        url: '/items/{{itemId}}',
        assertions: [status(200), jsonEquals('/name', 'made')],
      },
      'c.json': { name: 'Read by Location', seq: 3, url: '{{itemUrl}}', assertions: [status(200)] },
      'd.json': {
        name: 'Array as JSON text',
        seq: 4,
        url: '/ok?tags={{tags}}',
        assertions: [status(200)],
      },
    });
    const result = await run([dir]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('saved itemId, itemUrl, tags');
    expect(hits).toEqual([
      'POST /items',
      'GET /items/42',
      'GET /items/42',
      // As the Console sends it: the value as it is, what a URL cannot hold percent-encoded.
      'GET /ok?tags=[%22new%22]',
    ]);
  });

  it('fails a value the answer lacks, and the request that needed it says which request did not save it', async () => {
    const dir = await project({
      'a.json': { name: 'Create', seq: 1, url: '/ok', set: { itemId: '/missing' } },
      'b.json': { name: 'Read', seq: 2, url: '/items/{{itemId}}', assertions: [status(200)] },
    });
    const result = await run([dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ save itemId from /missing: expected a value, got absent');
    expect(result.stdout).toContain(
      '{{itemId}} has no value: "Create" was to save it from its answer, and did not',
    );
    expect(hits).toEqual(['GET /ok']);
  });
});
