import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ControlClient, type MockBehaviour, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { behaviourSelectors, useBehaviourStore } from './behaviour-store';

const initial = useBehaviourStore.getState();
let server: Awaited<ReturnType<typeof startTestServer>>;
let applied: MockBehaviour;

beforeEach(async () => {
  // Another client's rule is already there: a change must keep it.
  applied = { routes: [{ method: 'GET', path: '/users', delay: { minMs: 5, maxMs: 5 } }] };
  server = await startTestServer((call, res) => {
    if (call.method === 'PUT') {
      const next = JSON.parse(call.body) as MockBehaviour;
      if (next.proxy === 'ftp://x')
        return sendJson(res, 422, {
          title: 'Invalid mock behaviour',
          status: 422,
          errors: [{ field: 'proxy', message: 'must be an http:// or https:// URL' }],
        });
      applied = next;
    }
    sendJson(res, 200, applied);
  });
  setClient(new ControlClient({ baseUrl: server.url, token: 'tok' }));
  useBehaviourStore.setState(initial, true);
});
afterEach(async () => {
  setClient(null);
  await server.close();
});

describe('behaviour store', () => {
  it('sets and clears a route rule, reading the rules first so others are kept', async () => {
    const s = useBehaviourStore.getState();
    expect(await s.setRoute('GET', '/todos', { fail: { rate: 1, status: 503 } })).toBeNull();
    expect(applied.routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /users',
      'GET /todos',
    ]);
    const state = useBehaviourStore.getState();
    expect(behaviourSelectors.route('GET', '/todos')(state)?.fail).toEqual({
      rate: 1,
      status: 503,
    });
    expect(behaviourSelectors.activeCount(state)).toBe(2);

    await s.clearRoute('GET', '/todos');
    expect(applied.routes).toHaveLength(1);
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'PUT', 'GET', 'PUT']);
  });

  it('sets the global rules and the proxy beside the route rules; a refusal names the field', async () => {
    const s = useBehaviourStore.getState();
    expect(
      await s.setGlobal({ delay: { minMs: 100, maxMs: 800 }, proxy: 'http://127.0.0.1:9' }),
    ).toBeNull();
    expect(applied).toMatchObject({ proxy: 'http://127.0.0.1:9', routes: [{ path: '/users' }] });

    const refusal = await s.setGlobal({ proxy: 'ftp://x' });
    expect(refusal?.prefix).toBe('');
    expect(refusal?.problem.errors?.[0]?.field).toBe('proxy');
    expect(applied.proxy).toBe('http://127.0.0.1:9');
    expect(useBehaviourStore.getState().busy).toBe(false);
  });
});
