/**
 * The Console store's shape, one interface per slice (zustand's slices pattern): the request
 * being edited, and its sending with the answer and the history. Types only.
 */
import type { StateCreator } from 'zustand';

import type {
  AssertionResult,
  CaptureResult,
  MultipartField,
  RequestAssertion,
  RequestAuth,
  RequestBodyKind,
  RouteInfo,
  SavedRequest,
} from '../../api';
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
  /** Issue 30: a multipart form (a pasted `curl -F`). */
  form?: { name: string; value: string; file: boolean }[];
  /** Issue 30: Basic credentials (a pasted `curl -u`). */
  basic?: { username: string; password: string };
}

/**
 * Issue 47: one value the answer saves as a variable for the next requests (a row of the
 * request's `set`): the variable's name and where in the answer (`/id`, `header:Location`).
 */
export interface SaveRow {
  name: string;
  source: string;
}

/** The request as the user edits it: method, URL with its query rows and path params, body. */
export interface RequestSlice {
  method: string;
  url: string;
  query: Row[];
  pathParams: Row[];
  headers: Row[];
  /** The JSON or text body (kinds `json` and `text`). */
  body: string;
  /** Issue 30: what the body is; form and multipart fields are kept while another kind shows. */
  bodyKind: RequestBodyKind;
  formFields: Row[];
  multipartFields: MultipartField[];
  /** Issue 30: the Authorization header a Bearer or Basic helper adds at Send. */
  auth: RequestAuth;
  /** Issue 30: what the answer must show (checked after Send and by "Run folder"). */
  assertions: RequestAssertion[];
  /** Issue 47: what the answer saves for the next requests ("Save from answer"). */
  saves: SaveRow[];
  /** The body and Content-Type a bodiless method set aside (see `switchMethod`). */
  parked: Parked | null;
  /**
   * The URL the Console started on by itself (the project's first route), while the request
   * is still that untouched start: another project's routes then move it.
   */
  startedAt: string | null;
  /**
   * The tab's request as it was opened from elsewhere (Endpoints, Traffic, History, curl), as
   * {@link tabSnapshot} writes it; null for a tab begun empty. A tab not saved to a file has
   * unsaved changes once it differs, and closing it asks first.
   */
  baseline: string | null;
  setMethod(method: string): void;
  setUrl(url: string): void;
  setQueryRows(rows: Row[]): void;
  setPathParams(rows: Row[]): void;
  setHeaders(rows: Row[]): void;
  setBody(body: string): void;
  setBodyKind(kind: RequestBodyKind): void;
  setFormFields(rows: Row[]): void;
  setMultipartFields(fields: MultipartField[]): void;
  setAuth(auth: RequestAuth): void;
  setAssertions(assertions: RequestAssertion[]): void;
  setSaves(saves: SaveRow[]): void;
  formatBody(): void;
  loadRequest(request: ConsoleRequest): void;
  /** Loads a saved request whole: every body kind, its auth and its tests. */
  loadSavedRequest(request: SavedRequest): void;
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
  /** Sets the environment's variables; the values Sends saved are dropped with the old ones. */
  setVariables(variables: Readonly<Record<string, string>>): void;
  /**
   * Issue 47: the values answers saved (a request's `set`) since the environment was chosen,
   * filled in over the environment's: Send a POST, then a GET that uses its `{{id}}`.
   */
  savedValues: Readonly<Record<string, string>>;
  sending: boolean;
  response: ConsoleResponse | null;
  /** The request's assertions checked against `response` (null: none were asked). */
  results: AssertionResult[] | null;
  /** Issue 47: the values `response` gave the request's `set` (null: none were asked). */
  captures: CaptureResult[] | null;
  error: string | null;
  history: HistoryEntry[];
  /** Aborts the request on its way, if any (Cancel, or a new Send). */
  controller: AbortController | null;
  sendRequest(mockUrl: string | null): Promise<void>;
  cancelRequest(): void;
  clearHistory(): void;
  /** Issue 30: the history a project's session kept (kept in this page's storage too). */
  replaceHistory(history: HistoryEntry[]): void;
}

/** The parts of the Console that belong to one tab: the request, its answer, its sending. */
export const TAB_KEYS = [
  'method',
  'url',
  'query',
  'pathParams',
  'headers',
  'body',
  'bodyKind',
  'formFields',
  'multipartFields',
  'auth',
  'assertions',
  'saves',
  'parked',
  'startedAt',
  'baseline',
  'sending',
  'response',
  'results',
  'captures',
  'error',
  'controller',
] as const;

export type TabState = Pick<ConsoleState, (typeof TAB_KEYS)[number]>;

/** An open tab; the active one's state is the store's own fields, the others keep theirs here. */
export interface ConsoleTab {
  id: string;
  state: TabState | null;
}

/** Issue 30: several requests open at once, each with its own answer. */
export interface TabsSlice {
  tabs: ConsoleTab[];
  activeTab: string;
  /** Opens a new tab on a fresh request (or `initial` parts of one) and shows it; returns its id. */
  newTab(initial?: Partial<TabState>): string;
  switchTab(id: string): void;
  closeTab(id: string): void;
  /** Sets parts of a tab's state, whether it shows or not (an answer arriving in the background). */
  patchTab(id: string, patch: Partial<TabState>): void;
  /** A tab's state, shown or not. */
  tabState(id: string): TabState | undefined;
}

export type ConsoleState = RequestSlice & SendSlice & TabsSlice;

export type ConsoleSlice<T> = StateCreator<ConsoleState, [], [], T>;
