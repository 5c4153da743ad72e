/**
 * `decorest record <target-url> [dir]` (issue 46, CONTRACT §7): a proxy that forwards every
 * request to a real API and answers what it answers, unchanged (CORS added as the mock API's
 * proxy adds it), while each exchange is journalled in `dir/.decorest/recording.jsonl`. On
 * SIGINT or SIGTERM the journal is read through the importer's inference and written as a
 * project: models, seed, manual routes and response rules, with every guess printed.
 *
 * A journal left by a session that never stopped (killed) is found at the next start: it is
 * named, and `--resume` records on into it (a stop writes it all), `--discard` drops it.
 */
import { existsSync } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join, relative } from 'node:path';

import { PlanWriteError, UsageError } from '../../errors.js';
import { Behaviour, type BehaviourSettings, checkSettings } from '../../http/behaviour.js';
import { type RunningServer, startServer } from '../../http/node-server.js';
import type { RecorderSlot } from '../../http/proxy-recorder.js';
import { TrafficBus } from '../../http/traffic.js';
import { exchangesText, sizeText } from '../../import/recorded-exchange.js';
import {
  JOURNAL_FILE,
  journalPath,
  JournalWriter,
  readJournal,
  removeJournal,
} from '../../record/journal.js';
import { JournalRecorder, RECORDING_BODY_LIMIT } from '../../record/journal-recorder.js';
import { planRecording, writeRecording } from '../../record/write-recording.js';
import { cliCommand } from '../invocation.js';
import { listenError } from '../listen-error.js';
import type { CliArgs } from '../parse-args.js';
import { notesReport, planReport } from '../plan-report.js';
import { untilStopped } from '../until-stopped.js';

/** How long a stop waits for exchanges in flight before it cuts them. */
const DRAIN_MS = 2000;

function settingsOf(args: CliArgs): BehaviourSettings {
  const settings: BehaviourSettings = { ...args.behaviour, routes: [], proxy: args.target! };
  try {
    checkSettings(settings);
  } catch {
    throw new UsageError(
      `record takes the http:// or https:// URL of an API, got "${args.target ?? ''}"`,
    );
  }
  return settings;
}

/** Whether the target takes a connection, or why not (`ECONNREFUSED`). */
function probe(url: URL): Promise<string | undefined> {
  return new Promise((resolve) => {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port });
    const done = (why: string | undefined) => {
      socket.destroy();
      resolve(why);
    };
    socket.setTimeout(2000, () => done('no answer in 2 s'));
    socket.once('connect', () => done(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

/** Stops listening; exchanges in flight get {@link DRAIN_MS} to end, then are cut. */
async function drain(server: RunningServer): Promise<void> {
  const closed = server.close();
  const timer = setTimeout(() => server.server.closeAllConnections(), DRAIN_MS);
  await closed.finally(() => clearTimeout(timer));
}

export async function runRecord(args: CliArgs): Promise<number> {
  const settings = settingsOf(args);
  const dir = args.dir;
  const where = relative(process.cwd(), dir) || '.';
  const decorest = cliCommand();
  const file = journalPath(dir);
  const last = await readJournal(file);
  if (last && !args.resume && !args.discard) {
    console.error(
      `decorest: the last recording in ${where} was not saved: ${exchangesText(last.exchanges)} with ${last.target}, started ${last.started}.\n` +
        `  ${decorest} record ${args.target} ${where} --resume   records on and writes them all when stopped (stop at once to write only those)\n` +
        `  ${decorest} record ${args.target} ${where} --discard  drops them and starts afresh`,
    );
    return 1;
  }
  if (last && args.discard) await removeJournal(file);
  const madeDir = !existsSync(dir);
  const madeDotFolder = !existsSync(join(dir, '.decorest'));

  const journal = JournalWriter.open(dir, settings.proxy!);
  const recorder = new JournalRecorder(journal, {
    keepHeaders: new Set((args.keepHeaders ?? []).map((h) => h.toLowerCase())),
  });
  const slot: { current: JournalRecorder | undefined } = { current: recorder };
  // Listening for a stop before the banner: a Ctrl+C right after it still writes the project.
  const stopped = untilStopped();
  const traffic = new TrafficBus();
  if (!args.quiet)
    traffic.subscribe((e) =>
      console.log(
        `${e.method} ${e.url} ${e.status} ${e.durationMs.toFixed(1)}ms ${e.responseBytes}B`,
      ),
    );
  let server: RunningServer;
  try {
    server = await startServer({
      host: args.host,
      port: args.port,
      traffic,
      behaviour: new Behaviour(settings),
      recorder: slot satisfies RecorderSlot,
    });
  } catch (error) {
    journal.close();
    if (journal.count === 0 && !last?.exchanges) await cleanUp(dir, madeDir, madeDotFolder);
    throw listenError(error, args);
  }
  console.log(
    `decorest record: forwarding ${server.url} to ${settings.proxy}\n` +
      `  recording into ${join(where, JOURNAL_FILE)} (answers up to ${sizeText(RECORDING_BODY_LIMIT)} each; Authorization, Cookie and Set-Cookie are not kept)\n` +
      (last && args.resume ? `  on from ${exchangesText(last.exchanges)} recorded before\n` : '') +
      `  Ctrl+C stops and writes the project into ${where}`,
  );
  const down = await probe(new URL(settings.proxy!));
  if (down)
    console.log(`  ${settings.proxy} does not answer (${down}): requests get a 502 until it does`);

  await stopped;
  slot.current = undefined;
  await drain(server);
  journal.close();
  return writeProject(args, dir, where, madeDir, madeDotFolder);
}

/** Reads the journal and writes the project; the journal goes once the project is written. */
async function writeProject(
  args: CliArgs,
  dir: string,
  where: string,
  madeDir: boolean,
  madeDotFolder: boolean,
): Promise<number> {
  const file = journalPath(dir);
  const recorded = await planRecording(dir);
  const exchanges = recorded?.summary.exchanges ?? 0;
  const plan = recorded?.plan;
  if (!plan || exchanges === 0) {
    console.log('\ndecorest record: nothing was recorded, so nothing was written');
    await removeJournal(file);
    await cleanUp(dir, madeDir, madeDotFolder);
    return 0;
  }
  if (plan.models.length === 0 && plan.routes.length === 0 && (plan.rules?.length ?? 0) === 0) {
    console.log(
      [
        `\ndecorest record: ${exchangesText(exchanges)}, none an API answer a project can hold: nothing was written`,
        ...notesReport(plan.notes),
      ].join('\n'),
    );
    await removeJournal(file);
    await cleanUp(dir, madeDir, madeDotFolder);
    return 0;
  }
  let written;
  try {
    written = await writeRecording(plan, dir, { force: args.force ?? false });
  } catch (error) {
    if (!(error instanceof PlanWriteError)) throw error;
    console.error(
      `decorest: ${error.message}\n` +
        `  the ${exchangesText(exchanges)} stay in ${join(where, JOURNAL_FILE)}: ${cliCommand()} record ${args.target} ${where} --resume --force writes them (files you changed are kept)`,
    );
    return 1;
  }
  await removeJournal(file);
  const title = `\ndecorest record: ${where} from ${exchangesText(exchanges)} with ${args.target}`;
  let report = planReport(written, plan, title);
  if (written.changed.length > 0)
    report = report.replace(
      /\nkept as it was: [^\n]*/,
      `\nkept as it was (you changed it since a recording wrote it): ${written.changed.join(', ')}`,
    );
  console.log(report);
  return 0;
}

/** Takes back the folders a recording that wrote nothing made. */
async function cleanUp(dir: string, madeDir: boolean, madeDotFolder: boolean): Promise<void> {
  if (madeDotFolder) await rmdir(join(dir, '.decorest')).catch(() => {});
  // rmdir: only an empty folder goes; one the user filled meanwhile stays.
  if (madeDir) await rmdir(dir).catch(() => {});
}
