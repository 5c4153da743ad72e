import { describe, expect, it } from 'vitest';

import { cancelOutgoingFor, sendOutgoingFor } from './outgoing.js';

const request = {
  method: 'GET',
  url: 'https://example.com/',
  headers: [],
  body: { kind: 'none' },
} as const;

describe('sendOutgoingFor', () => {
  it("answers the core's response", async () => {
    const response = {
      status: 204,
      statusText: 'No Content',
      headers: [] as [string, string][],
      body: '',
      bodyEncoding: 'utf8' as const,
      size: 0,
      timeMs: 3,
      truncated: false,
    };
    await expect(
      sendOutgoingFor({ sendOutgoing: async () => response }, { ...request, headers: [] }, 'r1'),
    ).resolves.toEqual({ ok: true, response });
  });

  it('answers a core problem as its document (an error crossing IPC would keep only its message)', async () => {
    const problem = {
      type: 'outgoing-timeout',
      title: 'No answer in time',
      status: 504,
      detail: 'No answer from https://example.com within 30 s',
      message: 'No answer from https://example.com within 30 s',
      instance: 'outgoing:send',
    };
    const failing = {
      sendOutgoing: () =>
        Promise.reject(Object.assign(new Error(problem.detail), { toDocument: () => problem })),
    };
    await expect(sendOutgoingFor(failing, { ...request, headers: [] }, 'r1')).resolves.toEqual({
      ok: false,
      problem,
    });
  });

  it('rethrows anything else, and refuses while no studio runs', async () => {
    const broken = { sendOutgoing: () => Promise.reject(new Error('boom')) };
    await expect(sendOutgoingFor(broken, { ...request, headers: [] }, 'r1')).rejects.toThrow(
      'boom',
    );
    await expect(sendOutgoingFor(undefined, { ...request, headers: [] }, 'r1')).rejects.toThrow(
      /not running/,
    );
  });

  it('aborts a request on its way when the page cancels its id', async () => {
    let seen: AbortSignal | undefined;
    const hanging = {
      sendOutgoing: (_r: unknown, signal?: AbortSignal) =>
        new Promise<never>((_resolve, reject) => {
          seen = signal;
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    };
    const sent = sendOutgoingFor(hanging, { ...request, headers: [] }, 'r-cancel');
    await expect.poll(() => seen).toBeDefined();
    expect(seen!.aborted).toBe(false);
    await cancelOutgoingFor('r-cancel');
    expect(seen!.aborted).toBe(true);
    await expect(sent).rejects.toThrow('aborted');
    // An unknown id is nothing to cancel.
    await expect(cancelOutgoingFor('nobody')).resolves.toBeUndefined();
  });
});
