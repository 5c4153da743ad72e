/**
 * The Console store's shape, one interface per slice (zustand's slices pattern): the request
 * being edited, and its sending with the answer and the history. Types only.
 */
import type { StateCreator } from 'zustand';

import type { RouteInfo } from '../../api';
import type { HistoryEntry } from './console-history';
import type { Parked, Row } from './console-method';

export interface ConsoleResponse {
  /** The request, to find its exchange in Traffic (which has every response header). */
  method: string;
  /** Path and query as sent, when the request went to the mock API; else null. */
  mockPath: string | null;
  /** Epoch ms when the request was sent. */
  sentAt: number;
  status: number;
  statusText: string;
  timeMs: number;
  size: number;
  headers: [string, string][];
  body: string;
  contentType: string;
}

export interface ConsoleRequest {
  method: string;
  url: string;
  headers?: [string, string][];
  body?: string;
}

/** The request as the user edits it: method, URL with its query rows and path params, body. */
export interface RequestSlice {
  method: string;
  url: string;
  query: Row[];
  pathParams: Row[];
  headers: Row[];
  body: string;
  /** The body and Content-Type a bodiless method set aside (see `switchMethod`). */
  parked: Parked | null;
  /**
   * The URL the Console started on by itself (the project's first route), while the request
   * is still that untouched start: another project's routes then move it.
   */
  startedAt: string | null;
  setMethod(method: string): void;
  setUrl(url: string): void;
  setQueryRows(rows: Row[]): void;
  setPathParams(rows: Row[]): void;
  setHeaders(rows: Row[]): void;
  setBody(body: string): void;
  formatBody(): void;
  loadRequest(request: ConsoleRequest): void;
  /** Starts an untouched Console on the open project's first route. */
  startAt(routes: readonly RouteInfo[]): void;
  /**
   * Replaces a body the user has not touched since `loadRequest` with a record the project's
   * fake-data generator makes up for `model` (the control API's sample), keeping every key.
   */
  sampleBodyOf(model: string): Promise<void>;
}

/** Sending the request, its answer or why there is none, and the requests sent before. */
export interface SendSlice {
  /** Issue 30: the chosen environment's variables, filled into `{{name}}` at Send. */
  variables: Readonly<Record<string, string>>;
  setVariables(variables: Readonly<Record<string, string>>): void;
  sending: boolean;
  response: ConsoleResponse | null;
  error: string | null;
  history: HistoryEntry[];
  /** Aborts the request on its way, if any (Cancel, or a new Send). */
  controller: AbortController | null;
  sendRequest(mockUrl: string | null): Promise<void>;
  cancelRequest(): void;
  clearHistory(): void;
}

export type ConsoleState = RequestSlice & SendSlice;

export type ConsoleSlice<T> = StateCreator<ConsoleState, [], [], T>;
