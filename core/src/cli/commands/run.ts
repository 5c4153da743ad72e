/**
 * Issue 47, `decorest run [dir] [requests-folder-or-file]` (CONTRACT §7): the project's saved
 * requests as a CI suite. Everything that can be known before a request goes out is checked
 * first (the folder, the environment, every variable): a refusal names each reason on stderr
 * and exits 2 with nothing sent or served. Then `--serve` starts the mock API, the requests run
 * in the Console's order, and the exit code says whether every test passed (0) or not (1).
 *
 * Where the report goes: to stdout, or with `--out <file>` to that file while stdout still gets
 * the readable list (a CI log stays readable when the JUnit XML goes to an artifact). The text
 * list is written one request at a time, as each ends.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

import { OUTGOING_TIMEOUT_MS } from '../../contract/outgoing-api.js';
import { DecorestError } from '../../errors.js';
import { REPORTERS } from '../../requests/run/reporters/reporters.js';
import { textCase, textHeader, textSummary } from '../../requests/run/reporters/text-report.js';
import { exitCodeOf, summaryOf } from '../../requests/run/run-report.js';
import { executeRun, prepareRun } from '../../requests/run/run-saved-requests.js';
import type { CliArgs, RunOptions } from '../parse-args.js';
import { secretConfigDirs } from '../secret-dirs.js';
import { type ServedForRun, serveForRun } from '../serve-for-run.js';

const NOTHING_RAN = 2;

function refuse(lines: readonly string[]): number {
  for (const line of lines) console.error(`decorest run: ${line}`);
  return NOTHING_RAN;
}

/** Stops the served mock API (and its temp data) when Ctrl+C or a CI timeout ends the run. */
function closeOnSignal(served: ServedForRun): () => void {
  const stop = (signal: NodeJS.Signals) => {
    void served.close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
}

export async function runRun(args: CliArgs): Promise<number> {
  const options: RunOptions = args.run ?? {
    reporter: 'text',
    bail: false,
    serve: false,
    timeoutMs: OUTGOING_TIMEOUT_MS,
  };
  const root = resolve(args.dir);
  if (!existsSync(root) || !statSync(root).isDirectory())
    return refuse([`no project folder ${args.dir}`]);
  const prepared = await prepareRun({
    root,
    ...(options.target === undefined ? {} : { target: options.target }),
    ...(options.env === undefined ? {} : { environment: options.env }),
    configDirs: secretConfigDirs(),
    env: process.env,
    serve: options.serve,
  });
  if (!prepared.ok) return refuse(prepared.refused);
  const { plan } = prepared;

  let served: ServedForRun | undefined;
  if (options.serve) {
    try {
      served = await serveForRun(root);
    } catch (error) {
      // The mock API the requests were to go to cannot start: nothing could run.
      const reason = error instanceof DecorestError ? error.message : String(error);
      return refuse([`--serve: the project's mock API does not start: ${reason}`]);
    }
    for (const warning of served.warnings) console.warn(`warning: ${warning}`);
  }
  const stopWatching = served ? closeOnSignal(served) : () => {};
  try {
    const live = options.reporter === 'text' || options.out !== undefined;
    const baseUrl = served?.url ?? plan.variables['baseUrl'] ?? null;
    if (live)
      process.stdout.write(
        `${textHeader({ target: plan.label, environment: plan.environment, baseUrl, served: served !== undefined })}\n`,
      );
    const report = await executeRun(plan, {
      ...(served ? { servedUrl: served.url } : {}),
      timeoutMs: options.timeoutMs,
      bail: options.bail,
      ...(live ? { onCase: (c) => process.stdout.write(textCase(c)) } : {}),
    });
    if (live) process.stdout.write(textSummary(summaryOf(report), report.timeMs));
    const output = REPORTERS[options.reporter](report);
    if (options.out !== undefined) {
      const file = resolve(options.out);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, output);
      console.log(`${options.reporter} report written to ${options.out}`);
    } else if (!live) process.stdout.write(output);
    return exitCodeOf(report);
  } finally {
    stopWatching();
    await served?.close();
  }
}
