import { Agent, request } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TRAFFIC_HISTORY, type TrafficExchange } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  type EventReader,
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture;
beforeAll(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterAll(() => f.dispose());

const CLIENTS = 50;
const REQUESTS = 5_000;

function burstExchanges(reader: EventReader): TrafficExchange[] {
  return reader
    .events()
    .flatMap((e) =>
      e.type === 'traffic' && e.exchange.url.startsWith('/hello/b') ? [e.exchange] : [],
    );
}

/** Cheap enough to run on every chunk received. */
function trafficCount(events: ReturnType<EventReader['events']>): number {
  let n = 0;
  for (const e of events) if (e.type === 'traffic') n++;
  return n;
}

/** `count` GETs over `parallel` keep-alive connections. */
async function burst(base: string, count: number, parallel: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: parallel });
  const url = new URL(base);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const n = next++;
      await new Promise<void>((resolve, reject) => {
        request({ host: url.hostname, port: url.port, path: `/hello/b${n}`, agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
          .on('error', reject)
          .end();
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  agent.destroy();
}

/** Exchanges a reader was told it missed (it fell behind: issue 24 §3). */
function droppedCount(reader: EventReader): number {
  return reader.batches.reduce((n, b) => n + (b.dropped ?? 0), 0);
}

describe('the event stream under load', () => {
  it(`accounts for every exchange of a ${REQUESTS}-request burst to ${CLIENTS} clients, in batches`, async () => {
    const readers = await Promise.all(
      Array.from({ length: CLIENTS }, () => readEvents(f.base, f.studio.token)),
    );
    try {
      await burst(f.studio.apiUrl!, REQUESTS, 32);
      for (const reader of readers) {
        // Memory is bounded per client: what a client could not be sent in time is counted in
        // `dropped`, never queued for it. Delivered and dropped together are every exchange.
        await reader.waitFor((all) => trafficCount(all) + droppedCount(reader) >= REQUESTS);
        const exchanges = burstExchanges(reader);
        expect(exchanges.length + droppedCount(reader)).toBe(REQUESTS);
        expect(exchanges.length).toBeGreaterThan(0);
        expect(new Set(exchanges.map((e) => e.url)).size).toBe(exchanges.length);
        // Exchanges arrive in order, each once, and batched: far fewer messages than events.
        const seqs = exchanges.map((e) => e.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect(reader.batches.length).toBeLessThan(REQUESTS / 4);
      }

      // A client that comes back from the start gets the bounded history: the last 1,000
      // exchanges, none missing, and it is told about the gap before them.
      const late = await readEvents(f.base, f.studio.token, 0);
      try {
        await late.waitFor((all) => trafficCount(all) >= TRAFFIC_HISTORY);
        const kept = burstExchanges(late);
        expect(kept.length).toBe(TRAFFIC_HISTORY);
        const last = burstExchanges(readers[0]!).at(-1)!.seq;
        expect(kept.map((e) => e.seq)).toEqual(
          Array.from({ length: TRAFFIC_HISTORY }, (_, i) => last - TRAFFIC_HISTORY + 1 + i),
        );
        expect(late.batches.some((b) => b.gap === true)).toBe(true);
      } finally {
        late.close();
      }
    } finally {
      for (const reader of readers) reader.close();
    }
  }, 120_000);
});
