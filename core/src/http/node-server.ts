import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Behaviour } from './behaviour.js';
import { DEFAULT_BODY_LIMIT } from './body.js';
import { dispatch } from './dispatch.js';
import type { ServerLogger } from './dispatch-context.js';
import { type PendingExchange, startTimeoutSweep } from './handler-timeout.js';
import { answerProtocolErrors } from './protocol-errors.js';
import type { RecorderSlot } from './proxy-recorder.js';
import type { RulesSource } from './response-rules.js';
import { EMPTY_ROUTE_TABLE, type RouteTable } from './route-table.js';
import { TrafficBus } from './traffic.js';
import type { WriteGate } from './write-gate.js';

export interface ServerOptions {
  /** CONTRACT §7: loopback unless told otherwise. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  bodyLimit?: number;
  /** A handler that has not answered by then gets a 504 problem and its socket back. */
  handlerTimeoutMs?: number;
  traffic?: TrafficBus;
  logger?: ServerLogger;
  table?: RouteTable;
  /** Issue 16: latency, failures and the proxy, changed live by whoever holds it. */
  behaviour?: Behaviour;
  /** Issue 29: response rules, replaced live by whoever holds them. */
  rules?: RulesSource;
  /** Issue 24: writes wait here while a model edit holds it. */
  writes?: WriteGate;
  /** Issue 46: records what the proxy forwards while a recording is in force. */
  recorder?: RecorderSlot;
  /**
   * Issue 40: an answer the client has not read for this long (no `drain`) closes its
   * connection. `DEFAULT_WRITE_STALL_MS` (30 s) unless set.
   */
  writeStallMs?: number;
}

/** A listening API server. */
export interface RunningServer {
  readonly host: string;
  readonly port: number;
  /** `http://host:port`, IPv6 hosts bracketed. */
  readonly url: string;
  readonly traffic: TrafficBus;
  readonly server: Server;
  /** The table being served. */
  table(): RouteTable;
  /** Swaps the route table in one step; requests already running finish on the old one. */
  setTable(table: RouteTable): void;
  close(): Promise<void>;
}

const consoleLogger: ServerLogger = {
  error(message, error) {
    console.error(message, error);
  },
};

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts the HTTP server on `node:http`. Resolves once it listens; rejects on EADDRINUSE etc. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const handlerTimeoutMs = options.handlerTimeoutMs ?? 30_000;
  const traffic = options.traffic ?? new TrafficBus();
  let table = options.table ?? EMPTY_ROUTE_TABLE;
  const pending = new Set<PendingExchange>();
  const ctx = {
    table: () => table,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    traffic,
    logger: options.logger ?? consoleLogger,
    pending,
    ...(options.behaviour ? { behaviour: options.behaviour } : {}),
    ...(options.writes ? { writes: options.writes } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    ...(options.recorder ? { recorder: options.recorder } : {}),
    ...(options.writeStallMs !== undefined ? { writeStallMs: options.writeStallMs } : {}),
  };

  // Node's own Host check answers a bare 400; dispatch answers it as a problem instead.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    void dispatch(ctx, req, res);
  });
  answerProtocolErrors(server);
  // Slow-loris: a client trickling headers or a body cannot hold a socket forever.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;

  const stopSweep = startTimeoutSweep(pending, handlerTimeoutMs);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    host,
    port,
    url: formatUrl(host, port),
    traffic,
    server,
    table: () => table,
    setTable(next) {
      table = next;
    },
    close() {
      stopSweep();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      });
    },
  };
}
