/**
 * The mock server on the wire: its status, its port, and the simulated latency, failures and
 * proxy it applies (issue 16). Types only (the renderer imports them).
 */
import type { RouteInfo } from './models-api.js';
import type { RecordingStatus } from './recording-api.js';

// ---------------------------------------------------------------- mock server

export interface ServerStatus {
  state: 'running' | 'stopped';
  host: string;
  /** The port the mock API listens on, or will listen on when started. */
  port: number;
  /** `http://127.0.0.1:3000` while running. */
  url: string | null;
  /** Set when the requested port was busy and another one was chosen at launch. */
  note?: string;
  /**
   * Issue 16: the latency, failure and proxy rules in force, when any is (a `server` event
   * follows every change, so every studio window shows them).
   */
  behaviour?: MockBehaviour;
  /** Issue 46: the recording of proxied exchanges, while one is on or waits to be written. */
  recording?: RecordingStatus;
}

export interface ChangePortBody {
  port: number;
}

// ---------------------------------------------------------------- mock behaviours (issue 16)

/** A delay in ms: fixed (`minMs === maxMs`) or uniform in `[minMs, maxMs]`. */
export interface DelayRule {
  minMs: number;
  maxMs: number;
}

/** A share of requests (0 to 1) answered with `status` (400-599) as a simulated problem. */
export interface FailRule {
  rate: number;
  status: number;
}

/** Rules for one route, named as `GET /routes` lists it; they replace the global ones there. */
export interface RouteBehaviour {
  method: RouteInfo['method'];
  path: string;
  delay?: DelayRule;
  fail?: FailRule;
}

/**
 * `GET`/`PUT /api/behaviour`: the mock API's simulated latency and failures and its proxy,
 * applied live to the next request. A PUT replaces everything: send `{ "routes": [] }` to clear.
 */
export interface MockBehaviour {
  delay?: DelayRule;
  fail?: FailRule;
  routes: RouteBehaviour[];
  /** `http://host:port`: requests no route matches are forwarded there. */
  proxy?: string;
  /** Default 30,000: a forwarded request not answered by then gets a 504 problem. */
  proxyTimeoutMs?: number;
}
