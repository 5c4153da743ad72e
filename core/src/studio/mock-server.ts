/**
 * The mock API as the studio runs it: start, stop and move to another port while the studio
 * stays up. A busy port is refused with a problem and the server keeps what it had.
 */
import type { MockBehaviour, ServerStatus } from '../contract/control-api.js';
import { problems } from '../errors.js';
import type { Behaviour } from '../http/behaviour.js';
import type { ServerLogger } from '../http/dispatch-context.js';
import { type RunningServer, startServer } from '../http/node-server.js';
import type { RecorderSlot } from '../http/proxy-recorder.js';
import type { RulesSource } from '../http/response-rules.js';
import type { RouteTable } from '../http/route-table.js';
import type { TrafficBus } from '../http/traffic.js';
import type { WriteGate } from '../http/write-gate.js';

function listenProblem(error: unknown, host: string, port: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE' || code === 'EACCES') return problems.portInUse(host, port);
  return error;
}

export class MockServer {
  readonly host: string;
  #port: number;
  #running: RunningServer | undefined;
  #note: string | undefined;
  #table: RouteTable;
  readonly #traffic: TrafficBus;
  readonly #logger: ServerLogger | undefined;
  readonly #behaviour: Behaviour | undefined;
  readonly #writes: WriteGate | undefined;
  readonly #rules: RulesSource | undefined;
  readonly #writeStallMs: number | undefined;
  readonly #recorder: RecorderSlot | undefined;
  readonly #extraStatus: (() => Partial<ServerStatus>) | undefined;
  readonly #onChange: (status: ServerStatus) => void;
  /** One state change at a time: a start racing a stop would leak a listening socket. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(init: {
    host: string;
    port: number;
    table: RouteTable;
    traffic: TrafficBus;
    logger?: ServerLogger;
    /** Issue 16: latency, failures and proxy, kept across stops and port changes. */
    behaviour?: Behaviour;
    /** Issue 24: held by a model edit, kept across stops and port changes. */
    writes?: WriteGate;
    /** Issue 29: the project's response rules, kept across stops and port changes. */
    rules?: RulesSource;
    /** Issue 40: `ServerOptions.writeStallMs`. */
    writeStallMs?: number;
    /** Issue 46: records what the proxy forwards while a recording is on. */
    recorder?: RecorderSlot;
    /** Issue 46: what the status adds from outside the server (the recording). */
    status?: () => Partial<ServerStatus>;
    onChange: (status: ServerStatus) => void;
  }) {
    this.host = init.host;
    this.#port = init.port;
    this.#table = init.table;
    this.#traffic = init.traffic;
    this.#logger = init.logger;
    this.#behaviour = init.behaviour;
    this.#writes = init.writes;
    this.#rules = init.rules;
    this.#writeStallMs = init.writeStallMs;
    this.#recorder = init.recorder;
    this.#extraStatus = init.status;
    this.#onChange = init.onChange;
  }

  status(): ServerStatus {
    const status: ServerStatus = {
      state: this.#running ? 'running' : 'stopped',
      host: this.host,
      port: this.#port,
      url: this.#running ? this.#running.url : null,
    };
    if (this.#note !== undefined) status.note = this.#note;
    // A JSON copy: the settings are frozen-by-convention snapshots the UI may keep.
    if (this.#behaviour?.current !== undefined)
      status.behaviour = JSON.parse(JSON.stringify(this.#behaviour.settings())) as MockBehaviour;
    return this.#extraStatus ? { ...status, ...this.#extraStatus() } : status;
  }

  setTable(table: RouteTable): void {
    this.#table = table;
    this.#running?.setTable(table);
  }

  /**
   * First start: when the asked port is busy, take a free one and say so in `note`, so
   * `decorest studio` opens even when another server holds 3000.
   */
  launch(): Promise<ServerStatus> {
    return this.#serial(async () => {
      try {
        this.#running = await this.#listen(this.#port);
      } catch (error) {
        if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
        const asked = this.#port;
        this.#running = await this.#listen(0);
        this.#note = `port ${asked} was busy; serving on ${this.#running.port} instead`;
      }
      this.#port = this.#running.port;
    });
  }

  start(): Promise<ServerStatus> {
    return this.#serial(async () => {
      if (this.#running) return;
      this.#running = await this.#listenOrProblem(this.#port);
      this.#port = this.#running.port;
    });
  }

  stop(): Promise<ServerStatus> {
    return this.#serial(async () => {
      const running = this.#running;
      this.#running = undefined;
      await running?.close();
    });
  }

  /** Moves to `port`: the new socket listens before the old one closes, so a busy port changes nothing. */
  changePort(port: number): Promise<ServerStatus> {
    return this.#serial(async () => {
      if (!this.#running) {
        this.#port = port;
        return;
      }
      if (port === this.#running.port) return;
      const next = await this.#listenOrProblem(port);
      const previous = this.#running;
      this.#running = next;
      this.#port = next.port;
      this.#note = undefined;
      await previous.close();
    });
  }

  async close(): Promise<void> {
    await this.stop();
  }

  #serial(step: () => Promise<void>): Promise<ServerStatus> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => {});
    return run.then(() => {
      const status = this.status();
      this.#onChange(status);
      return status;
    });
  }

  async #listenOrProblem(port: number): Promise<RunningServer> {
    try {
      return await this.#listen(port);
    } catch (error) {
      throw listenProblem(error, this.host, port);
    }
  }

  #listen(port: number): Promise<RunningServer> {
    return startServer({
      host: this.host,
      port,
      table: this.#table,
      traffic: this.#traffic,
      ...(this.#logger ? { logger: this.#logger } : {}),
      ...(this.#behaviour ? { behaviour: this.#behaviour } : {}),
      ...(this.#writes ? { writes: this.#writes } : {}),
      ...(this.#rules ? { rules: this.#rules } : {}),
      ...(this.#recorder ? { recorder: this.#recorder } : {}),
      ...(this.#writeStallMs !== undefined ? { writeStallMs: this.#writeStallMs } : {}),
    });
  }
}
