/**
 * What a server hands its request path: the live route table and the live settings, each read
 * once per request. Types only; `node-server.ts` builds one per server.
 */
import type { ActiveBehaviour } from './behaviour.js';
import type { PendingExchange } from './handler-timeout.js';
import type { RecorderSlot } from './proxy-recorder.js';
import type { RulesSource } from './response-rules.js';
import type { RouteTable } from './route-table.js';
import type { TrafficBus } from './traffic.js';
import type { WriteGate } from './write-gate.js';

/** Where the server reports handler failures; the stack goes here, never into a body. */
export interface ServerLogger {
  error(message: string, error?: unknown): void;
}

export interface DispatchContext {
  table(): RouteTable;
  readonly bodyLimit: number;
  readonly traffic: TrafficBus;
  readonly logger: ServerLogger;
  readonly pending: Set<PendingExchange>;
  /** Issue 16: simulated latency, failures and the proxy; `current` is undefined when unset. */
  readonly behaviour?: { readonly current: ActiveBehaviour | undefined };
  /** Issue 29: response rules; `current` is undefined while no rule applies. */
  readonly rules?: RulesSource;
  /** Issue 24: held by a model edit; writes wait at it (the studio sets one). */
  readonly writes?: WriteGate;
  /** Issue 46: the recording of proxied exchanges in force, if any. */
  readonly recorder?: RecorderSlot;
  /** Issue 40: how long an answer waits for its client to read (`ServerOptions.writeStallMs`). */
  readonly writeStallMs?: number;
}
