import net from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { isPortFree, planPorts, portNotes } from './ports.js';

describe('planPorts', () => {
  it('keeps the ports asked for when they are free', async () => {
    const plan = await planPorts(
      { apiPort: 3000, controlPort: 4000, host: '127.0.0.1' },
      async () => true,
    );
    expect(plan).toEqual({ apiPort: 3000, controlPort: 4000, busy: {} });
  });

  it('falls back to a free port for a busy one and remembers which', async () => {
    const plan = await planPorts(
      { apiPort: 3000, controlPort: 4000, host: '127.0.0.1' },
      async (port) => port !== 3000,
    );
    expect(plan).toEqual({ apiPort: 0, controlPort: 4000, busy: { api: 3000 } });
  });

  it('never probes port 0', async () => {
    const probed: number[] = [];
    await planPorts({ apiPort: 0, controlPort: 0, host: '127.0.0.1' }, async (port) => {
      probed.push(port);
      return true;
    });
    expect(probed).toEqual([]);
  });
});

describe('portNotes', () => {
  it('names the busy port and the one used instead', () => {
    const notes = portNotes(
      { apiPort: 0, controlPort: 0, busy: { api: 3000, control: 4000 } },
      { apiUrl: 'http://127.0.0.1:51234', controlUrl: 'http://127.0.0.1:51235' },
    );
    expect(notes).toEqual([
      'port 3000 was busy, the mock API is on 51234',
      'port 4000 was busy, the studio is on 51235',
    ]);
  });

  it('says nothing when no port moved', () => {
    const urls = { apiUrl: 'http://127.0.0.1:3000', controlUrl: 'http://127.0.0.1:5000' };
    expect(portNotes({ apiPort: 3000, controlPort: 0, busy: {} }, urls)).toEqual([]);
  });
});

describe('isPortFree', () => {
  let server: net.Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it('reports a port held by a real server as busy, and a released one as free', async () => {
    server = net.createServer();
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const port = (server.address() as net.AddressInfo).port;
    expect(await isPortFree(port, '127.0.0.1')).toBe(false);
    await new Promise<void>((done) => server!.close(() => done()));
    server = undefined;
    expect(await isPortFree(port, '127.0.0.1')).toBe(true);
  });
});
