/**
 * `startStudio()`: the mock API, the project host that feeds it, and the control API the
 * studio UI drives, started together and stopped together. Knows nothing of windows: the
 * Electron main process and `decorest studio` both call it.
 */
import { fileURLToPath } from 'node:url';

import type {
  OutgoingRequest,
  OutgoingResponse,
  ProjectStatus,
  RuleProblem,
  SeedCount,
} from '../contract/control-api.js';
import { createToken } from '../control/auth.js';
import { EventHub } from '../control/event-hub.js';
import { sendAndRecord } from '../control/outgoing-operations.js';
import { startControlServer } from '../control/server.js';
import { HttpProblem, problems } from '../errors.js';
import {
  Behaviour,
  type BehaviourSettings,
  checkSettings,
  NO_BEHAVIOUR,
} from '../http/behaviour.js';
import { behaviourInWords, withFlags, withoutFlags } from '../http/behaviour-wire.js';
import type { ServerLogger } from '../http/dispatch-context.js';
import { EMPTY_ROUTE_TABLE } from '../http/route-table.js';
import { TrafficBus, type TrafficEvent } from '../http/traffic.js';
import { WriteGate } from '../http/write-gate.js';
import {
  BEHAVIOUR_FILE,
  readBehaviourFile,
  writeBehaviourFile,
} from '../project/behaviour-file.js';
import { RulesHost, type RulesLoad } from '../rules/rules-host.js';
import { resetToSeed } from '../seed/seed-data.js';
import { MockServer } from './mock-server.js';
import { ProjectHost } from './project-host.js';
import { RecentProjects, studioConfigDir } from './recent-projects.js';
import { seedProject } from './seed-project.js';
import { StudioLog, type StudioLogWriter } from './studio-log.js';
import { StudioRecording } from './studio-recording.js';

export interface StudioOptions {
  /** The project folder to open. */
  dir: string;
  /** The mock API's port (default 3000; a busy one is swapped for a free one, with a note). */
  apiPort?: number;
  /** The control API's port (default 0: a free one). */
  controlPort?: number;
  /** Where the mock API listens (default 127.0.0.1). The control API is always loopback. */
  host?: string;
  /** The built UI; `renderer/dist` of this package by default. */
  staticDir?: string;
  /** Origins besides the control API's own allowed to call it (the desktop shell's). */
  extraOrigins?: string[];
  /** Where recent projects are kept (default: see `studioConfigDir`). */
  configDir?: string;
  /** Where handler failures go (default: the console). */
  logger?: ServerLogger;
  /** Quiet time after a save before reloading (default `RELOAD_QUIET_MS`, 75 ms). */
  debounceMs?: number;
  /**
   * How long traffic is still captured after the last event client left, so a client that
   * reconnects catches up on what it missed (default 30 s).
   */
  captureGraceMs?: number;
  /** Issue 16: latency, failure and proxy rules from the start (`--delay`, `--fail`, `--proxy`). */
  behaviour?: BehaviourSettings;
  /** Issue 16 (`--reset`): put the data back to the project's `seed/` before serving. */
  reset?: boolean;
  /**
   * Issue 23: told one line per reload, load error and applied model edit after the start
   * (`decorest studio` prints them); nothing by default.
   */
  log?: StudioLogWriter;
  /**
   * Issue 26: a `postgres://` URL keeps the default datasource's models in that database
   * instead of the project's data folder.
   */
  database?: string;
  /**
   * Issue 40: an answer of either server its client has not read for this long closes its
   * connection (default 30 s, `DEFAULT_WRITE_STALL_MS`).
   */
  writeStallMs?: number;
}

export interface Studio {
  /** The per-launch token every control call carries. */
  readonly token: string;
  /** `http://127.0.0.1:<control port>` */
  readonly controlUrl: string;
  /** The UI's address with the token in its fragment, never sent to a server. */
  readonly studioUrl: string;
  /** The mock API's URL while it runs (it can be stopped or moved from the studio). */
  readonly apiUrl: string | null;
  /** Why the mock API serves elsewhere than asked (`port 3000 was busy; serving on …`). */
  readonly apiNote: string | undefined;
  /** The project's state now (loaded or the load error). */
  project(): Promise<ProjectStatus>;
  /** Why the project's `mock-rules.json` does not load now, or undefined when it does. */
  rulesProblems(): RuleProblem[] | undefined;
  /**
   * Issue 16: puts the data back to the project's `seed/` (as `POST /api/data/reset`), e.g. in
   * a test suite's `beforeEach`; a 409 problem when no project is serving.
   */
  resetData(): Promise<SeedCount[]>;
  /**
   * Issue 30: sends a Console request from this process, as `POST /api/outgoing` does (the
   * same checks and problems, the exchange in Traffic); the desktop shell's main process calls
   * it for its page. `signal` aborts it.
   */
  sendOutgoing(request: OutgoingRequest, signal?: AbortSignal): Promise<OutgoingResponse>;
  /** Stops both servers and lets the datafiles finish their writes. */
  close(): Promise<void>;
}

export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../../renderer/dist', import.meta.url));

/**
 * Starts the studio on `dir`. A project that fails to load still starts the studio (the UI
 * shows the error and the fix is picked up by the watcher); a folder that does not exist is
 * refused.
 *
 * @example
 * ```ts
 * const studio = await startStudio({ dir: 'examples/todo', apiPort: 3000 });
 * console.log(studio.apiUrl, studio.studioUrl);
 * await studio.close();
 * ```
 */
export async function startStudio(options: StudioOptions): Promise<Studio> {
  const token = createToken();
  const recent = new RecentProjects(options.configDir ?? studioConfigDir());
  const traffic = new TrafficBus();
  const logger = options.logger ?? { error: (m: string, e?: unknown) => console.error(m, e) };

  const hub = new EventHub((clients) => capture.clients(clients));
  const capture = trafficCapture(traffic, hub, options.captureGraceMs ?? 30_000);

  const behaviour = new Behaviour(options.behaviour);
  // Issue 24: a model edit holds every write, mock API and control API alike.
  const writes = new WriteGate();
  // Issue 29: the project's `mock-rules.json`, following the folder and the table it serves.
  const rules = new RulesHost(options.dir);
  // Issue 46: what the proxy forwards, recorded while Traffic's Record switch is on.
  const recording: StudioRecording = new StudioRecording({
    root: () => host.root,
    proxy: () => behaviour.settings().proxy,
    changed: () => hub.publish({ type: 'server', server: mock.status() }),
  });
  const mock = new MockServer({
    behaviour,
    writes,
    rules,
    recorder: recording,
    status: () => {
      const summary = recording.summary();
      return summary ? { recording: summary } : {};
    },
    host: options.host ?? '127.0.0.1',
    port: options.apiPort ?? 3000,
    table: EMPTY_ROUTE_TABLE,
    traffic,
    logger,
    ...(options.writeStallMs !== undefined ? { writeStallMs: options.writeStallMs } : {}),
    onChange: (server) => hub.publish({ type: 'server', server }),
  });
  const projectStatus = async (): Promise<ProjectStatus> => host.status([...(await recent.load())]);
  let rulesRoot = '';
  let rulesLoading: Promise<void> = Promise.resolve();
  // A hand edit of the rules file (applied, refused, or the last good file restored): the UI
  // refreshes its rules, and shows or clears the "does not load" banner, on a project event.
  const rulesChanged = (load: RulesLoad): void => {
    log.rules(load);
    if (load.changed || load.recovered || load.problems !== undefined)
      void projectStatus().then((project) => hub.publish({ type: 'project', project }));
  };
  const log = new StudioLog(options.log ?? (() => {}), () => host.serving()?.loaded.files);
  // The open project's mock-behaviour.json as last read or written: a change from the studio
  // never writes over one made on disk since (a `git pull`, a hand edit). One at a time, a
  // project switch included, so a change is kept in the project it was made for.
  let behaviourKnown:
    { root: string; text: string | null; settings: BehaviourSettings | undefined } | undefined;
  let behaviourTurn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const next = behaviourTurn.then(step, step);
    behaviourTurn = next.catch(() => {});
    return next;
  };
  /** The open project's mock-behaviour.json, the studio's own flags over it. */
  const applyProjectBehaviour = (): Promise<void> =>
    inTurn(async () => {
      const read = await readBehaviourFile(host.root);
      behaviourKnown = {
        root: host.root,
        text: read.text,
        settings: read.ok ? read.settings : undefined,
      };
      if (!read.ok) log.behaviourFile(read.why);
      else if (read.settings) log.behaviourApplied(behaviourInWords(read.settings));
      // The studio's own --delay, --fail, --proxy over the project's, for this run.
      behaviour.set(
        withFlags(read.ok ? read.settings : undefined, options.behaviour) ?? NO_BEHAVIOUR,
      );
    });
  const setBehaviour = (settings: BehaviourSettings): Promise<BehaviourSettings> =>
    inTurn(async () => {
      // Refused before it is kept; kept (the project's file) before it is applied.
      checkSettings(settings);
      const root = host.root;
      const now = await readBehaviourFile(root);
      if (behaviourKnown?.root !== root || now.text !== behaviourKnown.text) {
        behaviourKnown = { root, text: now.text, settings: now.ok ? now.settings : undefined };
        if (now.ok) behaviour.set(withFlags(now.settings, options.behaviour) ?? NO_BEHAVIOUR);
        hub.publish({ type: 'server', server: mock.status() });
        throw problems.conflict(
          now.ok
            ? `${BEHAVIOUR_FILE} was changed on disk since the studio read it: its settings apply now; make the change again`
            : `${BEHAVIOUR_FILE} was changed on disk since the studio read it, and does not read (${now.why}): fix it, or make the change again to write over it`,
        );
      }
      const kept = withoutFlags(settings, options.behaviour, behaviourKnown.settings);
      behaviourKnown = { root, text: await writeBehaviourFile(root, kept), settings: kept };
      const applied = behaviour.set(settings);
      hub.publish({ type: 'server', server: mock.status() });
      return applied;
    });
  const host: ProjectHost = new ProjectHost(
    {
      status: () =>
        void projectStatus().then((project) => {
          hub.publish({ type: 'project', project });
          log.status(project);
        }),
      table: (table) => {
        mock.setTable(table);
        // Another folder's first table re-roots the rules (its own file is read); a reload
        // of the same folder only re-indexes them (a removed route orphans its rules).
        if (host.root !== rulesRoot) {
          rulesRoot = host.root;
          rulesLoading = rules.reopen(rulesRoot, table).then(rulesChanged, () => {});
        } else rules.setTable(table);
      },
      records: (change) =>
        hub.publish({ type: 'records', model: change.model, op: change.op, ids: [...change.ids] }),
      requests: () => hub.publish({ type: 'requests' }),
    },
    {
      firstRun: seedProject,
      // An empty folder opens on the start screen (issue 28: New model, New project from a file).
      open: {
        allowEmpty: true,
        ...(options.database === undefined ? {} : { database: options.database }),
      },
      ...(options.debounceMs === undefined ? {} : { debounceMs: options.debounceMs }),
    },
  );

  rules.watch(rulesChanged);
  await host.open(options.dir);
  await rulesLoading;
  await applyProjectBehaviour();
  await recent.add(host.root);
  // A recording a killed studio left waits in the project: the server bar says so.
  await recording.status();
  try {
    const loaded = host.serving();
    if (options.reset && loaded) await resetToSeed(loaded);
    await mock.launch();
  } catch (error) {
    await host.close();
    throw error;
  }

  const control = await startControlServer(
    {
      token,
      hub,
      staticDir: options.staticDir ?? DEFAULT_STATIC_DIR,
      extraOrigins: options.extraOrigins ?? [],
      configDir: options.configDir ?? studioConfigDir(),
      projectStatus,
      openProject: async (dir) => {
        const before = host.root;
        await host.open(dir).catch(async (error: unknown) => {
          // Issue 48: a recent entry whose folder is gone leaves the list when chosen.
          if (error instanceof HttpProblem && error.status === 404) {
            await recent.remove(dir);
            hub.publish({ type: 'project', project: await projectStatus() });
          }
          throw error;
        });
        await rulesLoading;
        // Delay, failures and the proxy were set for the last project's routes and backend:
        // another project starts from its own mock-behaviour.json, or from what the studio was
        // started with (--delay, --fail, --proxy), as Mockoon keeps these per environment. A
        // reopen of the same keeps them.
        if (host.root !== before) {
          await applyProjectBehaviour();
          hub.publish({ type: 'server', server: mock.status() });
        }
        await recent.add(host.root);
        return projectStatus();
      },
      reloadProject: async () => {
        log.reloading();
        await host.reload();
        return projectStatus();
      },
      project: () => host.require(),
      writes,
      behaviour: {
        settings: () => behaviour.settings(),
        set: setBehaviour,
      },
      server: mock,
      recording,
      rules,
      nextTrafficSeq: () => traffic.nextSeq(),
    },
    {
      ...(options.controlPort !== undefined ? { port: options.controlPort } : {}),
      logError: (message, error) => logger.error(message, error),
      answered: (answer) => log.answered(answer),
      ...(options.writeStallMs !== undefined ? { writeStallMs: options.writeStallMs } : {}),
    },
  ).catch(async (error: unknown) => {
    await mock.close();
    await host.close();
    throw error;
  });

  log.start(await projectStatus());
  return {
    token,
    controlUrl: control.url,
    studioUrl: `${control.url}/#token=${token}`,
    get apiUrl() {
      return mock.status().url;
    },
    get apiNote() {
      return mock.status().note;
    },
    project: projectStatus,
    rulesProblems: () => rules.state().problems,
    resetData: () => resetToSeed(host.require()),
    sendOutgoing: (request, signal) =>
      sendAndRecord(
        {
          hub,
          projectStatus,
          nextTrafficSeq: () => traffic.nextSeq(),
          server: { status: () => mock.status() },
        },
        request,
        signal,
      ),
    close: async () => {
      capture.close();
      recording.close();
      rules.close();
      await control.close();
      await mock.close();
      await host.close();
    },
  };
}

/**
 * Captures traffic while a studio client listens (and `graceMs` after the last one left).
 * Exchanges are converted off the response path, once per event-loop turn, in a batch.
 */
function trafficCapture(traffic: TrafficBus, hub: EventHub, graceMs: number) {
  let unsubscribe: (() => void) | undefined;
  let grace: NodeJS.Timeout | undefined;
  let pending: TrafficEvent[] = [];
  const drain = (): void => {
    const events = pending;
    pending = [];
    for (const event of events) hub.publishTraffic(event);
  };
  const stop = (): void => {
    clearTimeout(grace);
    grace = undefined;
    unsubscribe?.();
    unsubscribe = undefined;
  };
  return {
    clients(count: number): void {
      if (count > 0) {
        clearTimeout(grace);
        grace = undefined;
        unsubscribe ??= traffic.subscribe(
          (event) => {
            if (pending.push(event) === 1) setImmediate(drain);
          },
          { capture: true },
        );
      } else if (unsubscribe && grace === undefined) {
        grace = setTimeout(stop, graceMs);
        grace.unref();
      }
    },
    close: stop,
  };
}
