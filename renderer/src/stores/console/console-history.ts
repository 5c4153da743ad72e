/** The console's history, kept across restarts in localStorage (newest first, bounded). */
import type { SavedRequest } from '../../api';

export interface HistoryEntry {
  id: string;
  at: number;
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
  status: number | null;
  timeMs: number | null;
  /** Issue 30: the request whole (body kind, auth, tests), to replay a form or a file too. */
  request?: SavedRequest;
}

const KEY = 'decorest.studio.console-history';
export const HISTORY_LIMIT = 100;

export function readHistory(storage: Storage | undefined): HistoryEntry[] {
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

export function writeHistory(storage: Storage | undefined, entries: HistoryEntry[]): void {
  try {
    storage?.setItem(KEY, JSON.stringify(entries.slice(0, HISTORY_LIMIT)));
  } catch {
    // Storage full or disabled: history lives for this session only.
  }
}
