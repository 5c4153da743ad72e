/**
 * The studio's recording (issue 46): what the mock API's proxy forwards, journalled in the open
 * project's `.decorest/recording.jsonl` by `decorest record`'s own recorder, so the same
 * bounds, secrets rule and journal apply; a studio killed while recording leaves the journal,
 * and the next studio finds it waiting to be written. It is the mock API's recorder slot: the
 * request path reads `current` once per proxied exchange.
 */
import { existsSync } from 'node:fs';

import type { RecordingStatus } from '../contract/control-api.js';
import { problems } from '../errors.js';
import type { RecorderSlot } from '../http/proxy-recorder.js';
import type { ImportPlan } from '../import/import-plan.js';
import {
  JOURNAL_FILE,
  journalPath,
  JournalWriter,
  readJournal,
  removeJournal,
} from '../record/journal.js';
import { JournalRecorder } from '../record/journal-recorder.js';
import { planRecording } from '../record/write-recording.js';

export interface RecordingDeps {
  /** The open project's folder, where the journal is kept. */
  root(): string;
  /** The proxy target in force, if any. */
  proxy(): string | undefined;
  /** The status changed (the server bar shows it). */
  changed(): void;
}

export class StudioRecording implements RecorderSlot {
  current: JournalRecorder | undefined;
  #journal: JournalWriter | undefined;
  /** The journal's folder while one is written or waits. */
  #dir: string | undefined;
  /** What the journal on disk holds, read once (a recording that waits). */
  #waiting: { exchanges: number; target: string; started: string } | undefined;
  #started: string | undefined;
  #target: string | undefined;

  constructor(readonly deps: RecordingDeps) {}

  /** The status as the server bar shows it, without reading the disk. */
  summary(): RecordingStatus | undefined {
    if (this.current)
      return {
        state: 'recording',
        exchanges: this.current.count + (this.#waiting?.exchanges ?? 0),
        ...(this.#target ? { target: this.#target } : {}),
        ...(this.#started ? { started: this.#started } : {}),
        journal: JOURNAL_FILE,
      };
    if (this.#waiting)
      return {
        state: 'stopped',
        exchanges: this.#waiting.exchanges,
        target: this.#waiting.target,
        started: this.#waiting.started,
        journal: JOURNAL_FILE,
      };
    return undefined;
  }

  async status(): Promise<RecordingStatus> {
    if (!this.current) await this.#readWaiting(this.deps.root());
    return this.summary() ?? { state: 'off', exchanges: 0 };
  }

  async start(): Promise<RecordingStatus> {
    if (this.current) return this.summary()!;
    const target = this.deps.proxy();
    if (target === undefined)
      throw problems.conflict(
        'set a proxy target first (Mock behaviour…): a recording records what the proxy forwards',
      );
    const dir = this.deps.root();
    // A recording that waits is recorded on: its exchanges and these make one project.
    await this.#readWaiting(dir);
    this.#journal = JournalWriter.open(dir, target);
    this.#dir = dir;
    this.#target = this.#waiting?.target ?? target;
    this.#started = this.#waiting?.started ?? new Date().toISOString();
    this.current = new JournalRecorder(this.#journal);
    this.deps.changed();
    return this.summary()!;
  }

  async stop(): Promise<RecordingStatus> {
    if (!this.current) return this.status();
    const count = this.current.count;
    this.current = undefined;
    this.#journal?.close();
    this.#journal = undefined;
    this.#waiting = {
      exchanges: (this.#waiting?.exchanges ?? 0) + count,
      target: this.#target ?? '',
      started: this.#started ?? '',
    };
    this.deps.changed();
    return this.summary()!;
  }

  async discard(): Promise<RecordingStatus> {
    await this.stop();
    await removeJournal(journalPath(this.#dir ?? this.deps.root()));
    this.#forget();
    return { state: 'off', exchanges: 0 };
  }

  async plan(): Promise<ImportPlan> {
    if (this.current) throw problems.conflict('stop the recording first: it is still recording');
    const dir = this.#dir ?? this.deps.root();
    const recorded = await planRecording(dir);
    if (!recorded || recorded.summary.exchanges === 0)
      throw problems.conflict(
        'nothing was recorded: switch Record on while the proxy forwards requests',
      );
    return recorded.plan;
  }

  async written(): Promise<void> {
    await removeJournal(journalPath(this.#dir ?? this.deps.root()));
    this.#forget();
  }

  /** Ends a recording as the studio closes: its journal stays for the next studio. */
  close(): void {
    this.current = undefined;
    this.#journal?.close();
    this.#journal = undefined;
  }

  #forget(): void {
    this.#waiting = undefined;
    this.#dir = undefined;
    this.#started = undefined;
    this.#target = undefined;
    this.deps.changed();
  }

  /** A journal left in `dir` (a stopped recording, or a studio that was killed). */
  async #readWaiting(dir: string): Promise<void> {
    if (this.#waiting && this.#dir === dir) return;
    const file = journalPath(dir);
    const found = existsSync(file) ? await readJournal(file) : undefined;
    if (!found) {
      this.#waiting = undefined;
      return;
    }
    this.#dir = dir;
    this.#waiting = { exchanges: found.exchanges, target: found.target, started: found.started };
  }
}
