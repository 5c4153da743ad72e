/**
 * What the control API's handlers reach: the studio's state, behind one interface so the
 * server knows nothing of how the studio is put together (`studio/start-studio.ts` is).
 */
import type { ProjectStatus, RecordingStatus, ServerStatus } from '../contract/control-api.js';
import type { Behaviour, BehaviourSettings } from '../http/behaviour.js';
import type { WriteGate } from '../http/write-gate.js';
import type { ImportPlan } from '../import/import-plan.js';
import type { ProjectRuntime } from '../project/open-project.js';
import type { RulesHost } from '../rules/rules-host.js';
import type { EventHub } from './event-hub.js';

export interface ControlContext {
  readonly token: string;
  readonly hub: EventHub;
  /** The built UI (`renderer/dist`); `undefined` or missing: the UI answers how to build it. */
  readonly staticDir: string | undefined;
  /**
   * Origins besides the control API's own that may call it, with CORS for them only (the
   * desktop shell's `app://studio`). Empty in the browser setup.
   */
  readonly extraOrigins: readonly string[];
  /** The user's config folder (issue 30: secret environment values live there, per project). */
  readonly configDir: string;
  projectStatus(): Promise<ProjectStatus>;
  openProject(dir: string): Promise<ProjectStatus>;
  /**
   * Serves the project's files as they are now (the user's Reload, and what a model edit just
   * wrote): only what changed reloads, and a version that does not load leaves the last good
   * one serving.
   */
  reloadProject(): Promise<ProjectStatus>;
  /** The serving project, or a 409 problem when none loaded. */
  project(): ProjectRuntime;
  /**
   * Issue 24: what a model edit holds while it migrates, writes and reloads; the record writes
   * of both APIs wait at it.
   */
  readonly writes: WriteGate;
  /**
   * The mock API's latency, failure and proxy rules (issue 16), applied live and kept in the
   * project's `mock-behaviour.json` (`set` resolves once written).
   */
  readonly behaviour: {
    settings: Behaviour['settings'];
    set(settings: BehaviourSettings): Promise<BehaviourSettings>;
  };
  /**
   * Issue 30: the next traffic `seq`, from the mock API's own counter, so an exchange the core
   * sends for the Console (`POST /api/outgoing`) numbers in line with the mock API's.
   */
  nextTrafficSeq(): number;
  /** Issue 29: the project's response rules (`mock-rules.json`), replaced live. */
  readonly rules: Pick<RulesHost, 'state' | 'replace'>;
  /** Issue 46: the recording of what the mock API's proxy forwards. */
  readonly recording: RecordingControl;
  readonly server: {
    status(): ServerStatus;
    start(): Promise<ServerStatus>;
    stop(): Promise<ServerStatus>;
    changePort(port: number): Promise<ServerStatus>;
  };
}

/** Issue 46: the studio's recording of proxied exchanges (`studio/studio-recording.ts`). */
export interface RecordingControl {
  status(): Promise<RecordingStatus>;
  /** Records from now on (on into a recording that waits); a 409 without a proxy target. */
  start(): Promise<RecordingStatus>;
  /** Stops recording; the recording waits to be previewed and written. */
  stop(): Promise<RecordingStatus>;
  /** Drops the recording. */
  discard(): Promise<RecordingStatus>;
  /** The plan of the recording that waits; a 409 when there is none or it is still on. */
  plan(): Promise<ImportPlan>;
  /** Its project was written: the recording is done. */
  written(): Promise<void>;
}
