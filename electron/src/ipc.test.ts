import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { BRIDGE_CHANNELS, type StudioBridge } from './bridge.js';
import {
  type FrameLike,
  type InvokeEventLike,
  type IpcMainLike,
  isInsideAny,
  isTrustedSender,
  originOf,
  registerBridge,
} from './ipc.js';

const ORIGIN = 'app://studio';
const frame = (url: string, extra: Partial<FrameLike> = {}): FrameLike => ({
  url,
  parent: null,
  processId: 4,
  routingId: 1,
  ...extra,
});

describe('originOf', () => {
  it('gives scheme and host for app: URLs, which WHATWG calls opaque', () => {
    expect(originOf('app://studio/index.html#x')).toBe('app://studio');
    expect(originOf('http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173');
    expect(originOf('about:blank')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
  });
});

describe('isTrustedSender', () => {
  const main = frame('app://studio/');

  it("accepts the main window's top frame on our origin", () => {
    expect(isTrustedSender(main, main, ORIGIN)).toBe(true);
    expect(isTrustedSender(frame('app://studio/models'), main, ORIGIN)).toBe(true);
  });

  it('refuses an iframe, even one on our origin', () => {
    expect(
      isTrustedSender(frame('app://studio/', { parent: main, routingId: 2 }), main, ORIGIN),
    ).toBe(false);
  });

  it('refuses another frame or window', () => {
    expect(isTrustedSender(frame('app://studio/', { routingId: 9 }), main, ORIGIN)).toBe(false);
    expect(isTrustedSender(frame('app://studio/', { processId: 5 }), main, ORIGIN)).toBe(false);
  });

  it('refuses the main frame once it shows another origin', () => {
    expect(isTrustedSender(frame('https://evil.example/'), main, ORIGIN)).toBe(false);
    expect(isTrustedSender(frame('app://studio.evil/'), main, ORIGIN)).toBe(false);
    expect(isTrustedSender(frame('file:///etc/passwd'), main, ORIGIN)).toBe(false);
  });

  it('refuses a destroyed frame or a missing window', () => {
    expect(isTrustedSender(null, main, ORIGIN)).toBe(false);
    expect(isTrustedSender(main, undefined, ORIGIN)).toBe(false);
  });
});

class FakeIpc implements IpcMainLike {
  handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown) {
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: InvokeEventLike, ...args: unknown[]) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, ...args);
  }
}

describe('registerBridge', () => {
  const revealed: string[] = [];
  const cancelled: string[] = [];
  const bridge: StudioBridge = {
    controlEndpoint: async () => ({ url: 'http://127.0.0.1:5000', token: 't' }),
    chooseProjectFolder: async () => '/p',
    revealInFileManager: async (target) => {
      revealed.push(target);
    },
    cancelOutgoing: async (id) => {
      cancelled.push(id);
    },
    sendOutgoing: async (request) => ({
      ok: true,
      response: {
        status: 200,
        statusText: 'OK',
        headers: [],
        body: request.url,
        bodyEncoding: 'utf8',
        size: request.url.length,
        timeMs: 1,
        truncated: false,
      },
    }),
  };
  const trusted = { senderFrame: frame('app://studio/') };
  const setup = () => {
    const ipc = new FakeIpc();
    const remove = registerBridge(ipc, bridge, (event) => event === trusted);
    return { ipc, remove };
  };

  it('handles exactly the allow-listed channels', () => {
    const { ipc, remove } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual(Object.values(BRIDGE_CHANNELS).sort());
    remove();
    expect(ipc.handlers.size).toBe(0);
  });

  it('answers a trusted sender', async () => {
    const { ipc } = setup();
    await expect(ipc.invoke(BRIDGE_CHANNELS.controlEndpoint, trusted)).resolves.toEqual({
      url: 'http://127.0.0.1:5000',
      token: 't',
    });
    const target = path.resolve('/p/data/todos.db');
    await ipc.invoke(BRIDGE_CHANNELS.revealInFileManager, trusted, target);
    expect(revealed).toContain(target);
  });

  it('refuses any other sender before running the handler', () => {
    const { ipc } = setup();
    const stranger = { senderFrame: frame('app://studio/', { routingId: 7 }) };
    expect(() => ipc.invoke(BRIDGE_CHANNELS.controlEndpoint, stranger)).toThrow(/sender refused/);
  });

  it('refuses arguments of the wrong shape', () => {
    const { ipc } = setup();
    const reveal = (...args: unknown[]) =>
      ipc.invoke(BRIDGE_CHANNELS.revealInFileManager, trusted, ...args);
    for (const args of [[], [42], ['relative/path'], ['/a', '/b'], ['/a\0b']]) {
      expect(() => reveal(...args)).toThrow('revealInFileManager takes one absolute path');
    }
    expect(() => ipc.invoke(BRIDGE_CHANNELS.chooseProjectFolder, trusted, 'x')).toThrow(
      /no arguments/,
    );
    const send = (...args: unknown[]) => ipc.invoke(BRIDGE_CHANNELS.sendOutgoing, trusted, ...args);
    const ok = { method: 'GET', url: 'x' };
    for (const args of [
      [],
      [null, 'id'],
      ['GET', 'id'],
      [[], 'id'],
      [{ method: 'GET' }, 'id'],
      [{ url: 'x' }, 'id'],
      [ok],
      [ok, 1],
      [ok, ''],
      [ok, 'a/b'],
      [ok, 'x'.repeat(65)],
      [ok, 'id', 'more'],
    ]) {
      expect(() => send(...args), JSON.stringify(args)).toThrow(
        /sendOutgoing takes one request object/,
      );
    }
    const cancel = (...args: unknown[]) =>
      ipc.invoke(BRIDGE_CHANNELS.cancelOutgoing, trusted, ...args);
    for (const args of [[], [1], ['a b'], ['a', 'b']])
      expect(() => cancel(...args)).toThrow('cancelOutgoing takes one id');
  });

  it('sends an outgoing request on outgoing:send for a trusted sender only', async () => {
    const { ipc } = setup();
    const request = {
      method: 'GET',
      url: 'https://example.com/',
      headers: [],
      body: { kind: 'none' },
    };
    expect(BRIDGE_CHANNELS.sendOutgoing).toBe('outgoing:send');
    await ipc.invoke(BRIDGE_CHANNELS.cancelOutgoing, trusted, 'req-1');
    expect(cancelled).toEqual(['req-1']);
    expect(BRIDGE_CHANNELS.cancelOutgoing).toBe('outgoing:cancel');
    await expect(
      ipc.invoke(BRIDGE_CHANNELS.sendOutgoing, trusted, request, 'req-2'),
    ).resolves.toMatchObject({
      ok: true,
      response: { status: 200, body: 'https://example.com/' },
    });
    const stranger = { senderFrame: frame('https://evil.example/') };
    expect(() => ipc.invoke(BRIDGE_CHANNELS.sendOutgoing, stranger, request, 'req-3')).toThrow(
      /sender refused/,
    );
  });
});

describe('isInsideAny', () => {
  const root = path.resolve('/projects/todo');
  it('accepts the folder and what is under it', () => {
    expect(isInsideAny(root, [root])).toBe(true);
    expect(isInsideAny(path.join(root, 'data', 'todos.db'), [root])).toBe(true);
  });

  it('refuses what is beside or above it', () => {
    expect(isInsideAny(path.resolve('/projects/todo-other'), [root])).toBe(false);
    expect(isInsideAny(path.join(root, '..', '..', 'etc'), [root])).toBe(false);
    expect(isInsideAny(path.resolve('/etc/passwd'), [])).toBe(false);
  });
});
