/**
 * Issue 30: the Console's tabs, each with its own request and answer; an answer that arrives
 * for a tab no longer shown lands there; the body kinds, auth and tests go out as typed; the
 * tabs survive a restart.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { JsonValue, ProjectStatus } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { useCollectionStore } from '../collection/collection-store';
import { keepTabsPerProject, type TabKeeper } from '../collection/project-tabs';
import { useProjectStore } from '../project/project-store';
import { useConsoleStore } from './console-store';
import { storedTabsOf } from './tabs-persist';

let server: Awaited<ReturnType<typeof startTestServer>>;
let release: (() => void) | null = null;
beforeAll(async () => {
  server = await startTestServer((call, res) => {
    // `/slow` answers when the test says so: a tab switch happens while it is on its way.
    if (call.url === '/slow') {
      release = () => sendJson(res, 200, { slow: true });
      return;
    }
    sendJson(res, 200, { method: call.method, url: call.url, body: call.body, auth: call.auth });
  });
});
afterAll(() => server.close());
beforeEach(() => useConsoleStore.setState(useConsoleStore.getInitialState(), true));

const state = () => useConsoleStore.getState();

describe('console tabs', () => {
  it('keeps each tab’s request and answer apart', async () => {
    state().setUrl('/first');
    await state().sendRequest(server.url);
    const first = state().activeTab;
    state().newTab();
    expect(state().tabs).toHaveLength(2);
    expect(state().url).toBe('');
    expect(state().response).toBeNull();
    state().setUrl('/second');
    state().setMethod('POST');
    state().setBody('{"a":1}');
    state().switchTab(first);
    expect(state()).toMatchObject({ url: '/first', method: 'GET', body: '' });
    expect(JSON.parse(state().response!.body)).toMatchObject({ url: '/first' });
    state().switchTab(state().tabs[1]!.id);
    expect(state()).toMatchObject({ url: '/second', method: 'POST', body: '{"a":1}' });
    expect(state().response).toBeNull();
  });

  it('puts an answer into the tab that sent it, even when another shows', async () => {
    const sender = state().activeTab;
    state().setUrl('/slow');
    const sent = state().sendRequest(server.url);
    await expect.poll(() => release).not.toBeNull();
    state().newTab();
    const other = state().activeTab;
    release!();
    await sent;
    expect(state().activeTab).toBe(other);
    expect(state().response).toBeNull();
    expect(state().sending).toBe(false);
    const back = state().tabState(sender)!;
    expect(back.sending).toBe(false);
    expect(JSON.parse(back.response!.body)).toEqual({ slow: true });
    release = null;
  });

  it('closes to the right neighbour and never leaves the Console without a tab', () => {
    const a = state().activeTab;
    state().setUrl('/a');
    const b = state().newTab();
    state().setUrl('/b');
    state().newTab();
    state().setUrl('/c');
    state().switchTab(b);
    state().closeTab(b);
    expect(state().url).toBe('/c');
    state().closeTab(state().activeTab);
    expect(state()).toMatchObject({ activeTab: a, url: '/a' });
    state().closeTab(a);
    expect(state().tabs).toHaveLength(1);
    expect(state().url).toBe('');
  });

  it('sends form and multipart bodies and the auth helper’s header', async () => {
    state().setUrl('/form');
    state().setMethod('POST');
    state().setBodyKind('form-urlencoded');
    state().setFormFields([
      { name: 'q', value: 'a b&c', enabled: true },
      { name: 'off', value: 'x', enabled: false },
    ]);
    state().setAuth({ kind: 'basic', username: 'ann', password: 'pä:ss' });
    await state().sendRequest(server.url);
    let call = server.calls.at(-1)!;
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(call.body).get('q')).toBe('a b&c');
    expect(call.body).not.toContain('off');
    expect(Buffer.from(call.auth!.replace('Basic ', ''), 'base64').toString('utf8')).toBe(
      'ann:pä:ss',
    );

    state().setBodyKind('multipart');
    state().setMultipartFields([{ kind: 'text', name: 'title', value: 'hello', enabled: true }]);
    state().setAuth({ kind: 'bearer', token: 't0k' });
    state().setHeaders([{ name: 'Authorization', value: 'overridden', enabled: true }]);
    await state().sendRequest(server.url);
    call = server.calls.at(-1)!;
    expect(call.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(call.body).toContain('name="title"');
    expect(call.body).toContain('hello');
    expect(call.auth).toBe('Bearer t0k');

    state().setBodyKind('none');
    await state().sendRequest(server.url);
    expect(server.calls.at(-1)!.body).toBe('');
  });

  it('looks for variables only in the body kind that is sent', async () => {
    state().setUrl('/kinds');
    state().setMethod('POST');
    state().setBody('{"a":"{{nowhere}}"}');
    state().setBodyKind('form-urlencoded');
    state().setFormFields([{ name: 'a', value: '1', enabled: true }]);
    await state().sendRequest(server.url);
    expect(state().error).toBeNull();
    expect(server.calls.at(-1)!.body).toBe('a=1');
    state().setBodyKind('json');
    await state().sendRequest(server.url);
    expect(state().error).toMatch(/Unknown variable \{\{nowhere\}\}/);
  });

  it('checks the request’s tests against the answer', async () => {
    state().setUrl('/checked');
    state().setAssertions([
      { kind: 'status', equals: 200 },
      { kind: 'json-equals', pointer: '/url', value: '/checked' },
      { kind: 'json-equals', pointer: '/method', value: 'POST' },
    ]);
    await state().sendRequest(server.url);
    expect(state().results!.map((r) => [r.pass, r.actual])).toEqual([
      [true, '200'],
      [true, '"/checked"'],
      [false, '"GET"'],
    ]);
  });

  it('keeps each project’s tabs, a new project starting with one fresh tab', async () => {
    // The studio's session, in memory: one kept state per project folder.
    const kept = new Map<string, JsonValue>();
    let open = '/a';
    const keeper: TabKeeper = {
      read: () => Promise.resolve(kept.get(open) ?? null),
      write: (root, state) => Promise.resolve(void kept.set(root, state)),
    };
    const project = async (root: string) => {
      open = root;
      useProjectStore.setState({ status: { root, name: root } as ProjectStatus });
      // The kept tabs are read back before anything is typed.
      await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await project('/a');
    const stop = keepTabsPerProject(keeper);
    await new Promise((resolve) => setTimeout(resolve, 10));
    state().setUrl('/a-first');
    await useCollectionStore.getState().chooseEnvironment('local');
    state().replaceHistory([
      {
        id: 'h1',
        at: 1,
        method: 'GET',
        url: '/a-sent',
        headers: [],
        body: '',
        status: 200,
        timeMs: 1,
      },
    ]);
    state().newTab();
    state().setUrl('/a-second');
    state().setMethod('DELETE');
    await project('/b');
    expect(kept.has('/a')).toBe(true);
    expect(state().tabs).toHaveLength(1);
    expect(state().url).toBe('');
    expect(state().history).toEqual([]);
    expect(useCollectionStore.getState().environment).toBe('');
    state().setUrl('/b-only');
    await project('/a');
    expect(kept.get('/b')).toBeTruthy();
    expect(state().tabs).toHaveLength(2);
    expect(state()).toMatchObject({ url: '/a-second', method: 'DELETE' });
    expect(state().tabState(state().tabs[0]!.id)).toMatchObject({ url: '/a-first' });
    expect(state().history.map((h) => h.url)).toEqual(['/a-sent']);
    await expect.poll(() => useCollectionStore.getState().environment).toBe('local');
    stop();
    // What does not read is no tabs at all, not an error.
    expect(storedTabsOf({ tabs: [{ id: 1 }] })).toBeNull();
    expect(storedTabsOf({ activeTab: 'x', tabs: [] })).toBeNull();
    expect(storedTabsOf('nonsense')).toBeNull();
  });
});
