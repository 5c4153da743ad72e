/**
 * Issue 40 §4: the regex engine's heap is fixed (16 MiB), so compiled patterns must be shared
 * and freed, a rule set bounded, and an engine failure recovered from. A real studio on
 * 127.0.0.1; rules replaced over the control API, answered by the mock API over HTTP. A file of
 * its own: on a build without the fix the engine breaks for the rest of the process.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ResponseRule } from '../contract/rules-api.js';
import { rawRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';
import { formatRules } from './check-rules.js';
import { REGEX_PATTERNS_LIMIT } from './pattern-pool.js';
import { RulesHost } from './rules-host.js';
import { fillEngineHeap } from './test-support/fill-engine-heap.js';

let f: StudioFixture;

beforeAll(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});

afterAll(async () => {
  await f.dispose();
});

/** A rule answering 418 with its number when header `x-user` matches its pattern. */
function regexRule(n: number, pattern: string): ResponseRule {
  return {
    id: `r${n}`,
    name: `rule ${n}`,
    method: 'GET',
    path: '/todos/:id',
    enabled: true,
    when: [{ part: 'header', name: 'x-user', matcher: 'regex', value: pattern }],
    responses: [{ status: 418, body: `rule ${n}` }],
  };
}

/** An e-mail pattern per rule: ~11 KB compiled, ~57 KB once it has matched (measured). */
const emailPattern = (n: number) =>
  `^(?:user|admin)-${n}-[a-z0-9._%+-]{1,64}@[a-z0-9.-]{1,64}\\.[a-z]{2,24}$`;
const TWENTY = Array.from({ length: 20 }, (_, n) => regexRule(n, emailPattern(n)));

async function put(rules: ResponseRule[]) {
  return f.api('PUT', '/rules', { rules });
}

function asUser(user: string) {
  return rawRequest(f.studio.apiUrl!, 'GET', '/todos/1', { headers: { 'x-user': user } });
}

describe('regex rules and the engine heap', () => {
  it('saves the same 20 regex rules 200 times, and the routes still answer by them', async () => {
    for (let round = 0; round < 200; round++) {
      const answer = await put(TWENTY);
      expect(answer.status, `round ${round}: ${answer.text}`).toBe(200);
      // A match now and then: matching grows the engine's caches too.
      if (round % 20 === 0) {
        const hit = await asUser(`user-${round % 20}-ann@example.com`);
        expect([hit.status, hit.text], `round ${round}`).toEqual([418, `rule ${round % 20}`]);
      }
    }
    for (const n of [0, 7, 19]) {
      const hit = await asUser(`admin-${n}-bob@example.org`);
      expect([hit.status, hit.text]).toEqual([418, `rule ${n}`]);
    }
    expect((await asUser('nobody')).status).toBe(200);
  });

  it('refuses 6,000 different patterns at once naming the limit, and keeps serving', async () => {
    expect((await put(TWENTY)).status).toBe(200);
    const many = Array.from({ length: 6000 }, (_, n) => regexRule(n, `^id-${n}-[a-z]+$`));
    const answer = await put(many);
    expect(answer.status, answer.text).toBe(422);
    expect((answer.json as { errors: unknown }).errors).toEqual([
      {
        field: '/rules',
        message: expect.stringContaining(`at most ${REGEX_PATTERNS_LIMIT} are allowed`),
      },
    ]);
    expect(answer.text).not.toContain('not supported by the linear-time matcher');
    const hit = await asUser('user-3-cy@example.net');
    expect([hit.status, hit.text]).toEqual([418, 'rule 3']);
  });

  it('accepts the same pattern in 6,000 rules: it is compiled once', async () => {
    const many = Array.from({ length: 6000 }, (_, n) => regexRule(n, emailPattern(1)));
    expect((await put(many)).status).toBe(200);
    const hit = await asUser('user-1-dee@example.com');
    expect([hit.status, hit.text]).toEqual([418, 'rule 0']);
  });

  it('accepts a new regex rule once the rules were cleared', async () => {
    expect((await put([])).status).toBe(200);
    const fresh = await put([regexRule(1, '^fresh-[0-9]+$')]);
    expect(fresh.status, fresh.text).toBe(200);
    expect((await asUser('fresh-42')).status).toBe(418);
  });

  it('answers by its patterns, and checks new ones, after the engine aborted', async () => {
    expect((await put(TWENTY)).status).toBe(200);
    expect((await asUser('user-2-eve@example.com')).text).toBe('rule 2');
    fillEngineHeap();
    const hit = await asUser('user-2-eve@example.com');
    expect([hit.status, hit.text]).toEqual([418, 'rule 2']);
    const fresh = await put([...TWENTY, regexRule(99, '^after-[0-9]+$')]);
    expect(fresh.status, fresh.text).toBe(200);
    expect((await asUser('after-1')).text).toBe('rule 99');
    // A pattern RE2 refuses is still named as such.
    const refused = await put([regexRule(1, '(?=a)b')]);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('lookaround');
    expect(refused.text).toContain('is not supported: the matcher is linear-time');
  });

  it('reloads an edited file 200 times (serve --watch), then takes a new pattern', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'decorest-rules-reload-'));
    const host = new RulesHost(dir);
    try {
      for (let round = 0; round < 200; round++) {
        // Each edit renames a rule: new text, the same patterns.
        const rules = TWENTY.map((r, n) => (n === 0 ? { ...r, name: `edit ${round}` } : r));
        await writeFile(host.file, formatRules(rules));
        const load = await host.load();
        expect([load.changed, load.problems], `round ${round}`).toEqual([true, undefined]);
      }
      await writeFile(host.file, formatRules([regexRule(1, '^reloaded-[0-9]+$')]));
      expect((await host.load()).problems).toBeUndefined();
    } finally {
      host.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
