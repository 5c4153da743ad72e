import { afterEach, describe, expect, it, vi } from 'vitest';

import { HttpProblem } from '../errors.js';
import { DRAIN_WAIT_MS, WRITE_WAIT_MS, WriteGate } from './write-gate.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('WriteGate', () => {
  it('lets writes in at once while open, and an edit waits for the ones inside', async () => {
    const gate = new WriteGate();
    const leave = gate.enter();
    expect(typeof leave).toBe('function');
    const order: string[] = [];
    const edit = gate.hold(async () => {
      order.push('edit');
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    order.push('write left');
    (leave as () => void)();
    await edit;
    expect(order).toEqual(['write left', 'edit']);
  });

  it('holds a write that arrives during an edit until the edit is done', async () => {
    const gate = new WriteGate();
    const order: string[] = [];
    let finish!: () => void;
    const edit = gate.hold(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            order.push('edit done');
            resolve();
          };
        }),
    );
    await vi.waitFor(() => expect(gate.held).toBe(true));
    const entered = gate.enter();
    expect(entered).toBeInstanceOf(Promise);
    const write = (entered as Promise<() => void>).then((leave) => {
      order.push('write');
      leave();
    });
    finish();
    await Promise.all([edit, write]);
    expect(order).toEqual(['edit done', 'write']);
    expect(gate.held).toBe(false);
  });

  it('holds reads only for an edit that asks (a database edit), until it is done', async () => {
    const gate = new WriteGate();
    const order: string[] = [];
    let finish!: () => void;
    const blocked = () =>
      new Promise<void>((resolve) => {
        finish = () => {
          order.push('edit done');
          resolve();
        };
      });
    const fileEdit = gate.hold(blocked);
    await vi.waitFor(() => expect(gate.held).toBe(true));
    expect(gate.readsHeld).toBe(false);
    finish();
    await fileEdit;

    const databaseEdit = gate.hold(blocked, { reads: true });
    await vi.waitFor(() => expect(gate.readsHeld).toBe(true));
    const read = gate.opened().then(() => order.push('read'));
    await Promise.resolve();
    finish();
    await Promise.all([databaseEdit, read]);
    expect(order).toEqual(['edit done', 'edit done', 'read']);
    expect(gate.readsHeld).toBe(false);
  });

  it('answers 503 to a write kept waiting too long, and refuses an edit writes never leave', async () => {
    vi.useFakeTimers();
    const gate = new WriteGate();
    const edit = gate.hold(() => new Promise<void>(() => {}));
    await vi.advanceTimersByTimeAsync(0);
    const waiting = gate.enter() as Promise<() => void>;
    const refused = expect(waiting).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(WRITE_WAIT_MS + 1);
    await refused;
    void edit;

    const other = new WriteGate();
    other.enter(); // never leaves
    const stuck = other.hold(async () => 'ran');
    const refusedEdit = expect(stuck).rejects.toBeInstanceOf(HttpProblem);
    await vi.advanceTimersByTimeAsync(DRAIN_WAIT_MS + 1);
    await refusedEdit;
    expect(other.held).toBe(false);
  });
});
