/**
 * The Data view store's shape, one interface per slice (zustand's slices pattern): the view
 * (which model, filter and sort), its pages of rows, and the user's writes. Types only, so the
 * slices can name the whole state without importing each other.
 */
import type { StateCreator } from 'zustand';

import type { DeleteEffect, JsonRecord, JsonValue, Problem, RecordKey } from '../../api';
import type { Outcome } from '../problem/outcome';
import type { DataSort } from './data-query';

export const PAGE_SIZE = 100;

export interface CellError {
  message: string;
  /** What the user typed, kept so the edit is not lost. */
  text: string;
}

export const cellKey = (id: RecordKey, field: string): string => `${String(id)}\u0000${field}`;

/** Which model, filter and sort the grid shows, and where a relation was opened from. */
export interface ViewSlice {
  model: string | null;
  sort: DataSort | null;
  filter: string;
  selectModel(model: string | null): Promise<void>;
  /**
   * Shows one record of `model` (a relation's parent): that model, filtered to its id, with
   * the focus on its row ({@link focusFirstRow}).
   */
  openRecord(model: string, id: RecordKey): Promise<void>;
  /** Set by {@link openRecord}: the grid focuses its first row once it shows it, then clears. */
  focusFirstRow: boolean;
  /** The grid took the focus {@link focusFirstRow} asked for. */
  firstRowFocused(): void;
  /**
   * Set when the focused row is deleted: the grid gives the focus to the row now in its place
   * (the dialog's opener, the deleted row's cell, is gone, and focus fell to the page).
   */
  refocusGrid: boolean;
  gridRefocused(): void;
  /** Where {@link openRecord} came from, for {@link goBack}; cleared by choosing a model. */
  cameFrom: { model: string; filter: string; sort: DataSort | null } | null;
  /** Back to the model, filter and sort a relation was opened from. */
  goBack(): Promise<void>;
  setSort(sort: DataSort | null): Promise<void>;
  setFilter(filter: string): Promise<void>;
}

/** The rows read so far, a page of {@link PAGE_SIZE} at a time. */
export interface PagesSlice {
  total: number;
  pages: Record<number, JsonRecord[]>;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: Problem | null;
  /** Rows last asked for by the grid: [first, last]. */
  range: [number, number];
  /** Bumped whenever model, sort or filter change: answers for an older one are dropped. */
  generation: number;
  /** `generation:page` of the pages being read, so a page is not asked for twice at once. */
  pagesInFlight: Readonly<Record<string, true>>;
  /** The refresh running now: one at a time, however many changes a burst brings. */
  refreshing: Promise<void> | null;
  /** A change came during {@link refreshing}: it runs exactly once more. */
  refreshAgain: boolean;
  /** Another view (model, filter or sort) from its first page; what the last showed goes. */
  startOver(patch: Partial<DataState>): Promise<void>;
  ensureRows(first: number, last: number): Promise<void>;
  refreshRows(): Promise<void>;
  /** Puts a record the API answered with in place of its row, wherever it is loaded. */
  replaceRecord(updated: JsonRecord): void;
  recordsChanged(model: string): void;
}

/** The user's own writes: cell edits, add, delete, import, export; and what they answered. */
export interface WritesSlice {
  cellErrors: Record<string, CellError>;
  /** A problem of the last add, delete or import, shown above the grid. */
  actionError: Problem | null;
  notice: string | null;
  /**
   * The ids of the events this window's cell edits caused that the stream has not brought back
   * yet, as their answers named them (issue 43): such an event is this window's own echo, and
   * the rows are not read again.
   */
  ownEvents: ReadonlySet<number>;
  saveCell(id: RecordKey, field: string, value: JsonValue, text: string): Promise<boolean>;
  createRecord(body: unknown): Promise<JsonRecord | null>;
  deleteRecord(id: RecordKey): Promise<void>;
  /** What deleting `model`'s record `id` would reach, through every cascade; nothing is deleted. */
  readDeleteImpact(model: string, id: RecordKey): Promise<Outcome<DeleteEffect[]>>;
  /**
   * Creates a record of any model (Traffic's Save as record), validated like a POST; the view
   * shows it through the record-change event, as any client's write.
   */
  saveRecordAs(model: string, body: unknown): Promise<Outcome<JsonRecord>>;
  importRecords(rows: unknown[]): Promise<boolean>;
  exportRecords(): Promise<JsonRecord[] | null>;
  /**
   * Whether the event `id` is the echo of this window's own cell edits; if so it is taken off
   * {@link ownEvents}, with any id before it (the stream delivers in id order: those passed).
   */
  takeOwnEcho(id: number): boolean;
  /** Shows a problem found before anything was sent (a file that is not JSON). */
  reportProblem(problem: Problem): void;
  /** Shows what another store's action did to the records (seed, generate). */
  showNotice(notice: string): void;
  dismiss(): void;
  /** Drops what was typed into a refused cell: it shows the stored value again. */
  discardCellError(key: string): void;
}

export type DataState = ViewSlice & PagesSlice & WritesSlice;

export type DataSlice<T> = StateCreator<DataState, [], [], T>;
