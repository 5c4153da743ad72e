import { parseArgs } from 'node:util';

import { OUTGOING_TIMEOUT_MAX_MS, OUTGOING_TIMEOUT_MS } from '../contract/outgoing-api.js';
import { UsageError } from '../errors.js';
import { type BehaviourSettings, checkSettings, parseDelay, parseFail } from '../http/behaviour.js';
import { didYouMean } from './did-you-mean.js';

export interface CliArgs {
  command:
    | 'serve'
    | 'studio'
    | 'routes'
    | 'openapi'
    | 'seed'
    | 'fake'
    | 'db'
    | 'init'
    | 'run'
    | 'record'
    | 'help'
    | 'version';
  /** `studio --control-port`: the control API's port (0 picks a free one). */
  controlPort: number;
  dir: string;
  port: number;
  host: string;
  quiet: boolean;
  watch: boolean;
  /** `seed save|reset`. */
  seedAction?: 'save' | 'reset';
  /** `fake [dir] <model> <n> [--seed k]`. */
  fake?: { model: string; count: number; seed?: number };
  /** `serve --reset`, `studio --reset`: back to the seed before serving. */
  reset?: boolean;
  /** `--delay`, `--fail`, `--proxy` (serve, studio). */
  behaviour?: BehaviourSettings;
  /** Issue 26, `--database <url>`: the PostgreSQL database of the default datasource. */
  database?: string;
  /** `db push|import|export`. */
  dbAction?: 'push' | 'import' | 'export';
  /** `db push --yes`: run the steps that lose data too. */
  yes?: boolean;
  /** `db import --data <folder>`: the datafiles to import (default `<dir>/data`). */
  dataFolder?: string;
  /** `db export --out <folder>`: where the datafiles go (default `<dir>/data`). */
  out?: string;
  /** `db import --replace`: replace the rows of tables that already hold some. */
  replace?: boolean;
  /** `db export --force`: write into a folder that already holds files; `init --force`: replace them. */
  force?: boolean;
  /** `init --from <file>`: the db.json, OpenAPI document, Mockoon environment or HAR to import. */
  from?: string;
  /** Issue 47: `run [dir] [requests-folder-or-file]`'s own options. */
  run?: RunOptions;
  /** Issue 46, `record <target-url>`: the real API to forward to and record. */
  target?: string;
  /** `record`, `init --from x.har`: secret headers to keep (`--keep-header`, repeatable). */
  keepHeaders?: string[];
  /** `record --resume`: record on into the journal a stopped session left. */
  resume?: boolean;
  /** `record --discard`: delete the journal a stopped session left, and start afresh. */
  discard?: boolean;
}

/** The reporters of `decorest run` (core/src/requests/run/reporters/). */
export const RUN_REPORTERS = ['text', 'junit', 'tap', 'json'] as const;

/** `decorest run`'s options (CONTRACT §7). */
export interface RunOptions {
  /** The requests folder or file; the whole `requests/` tree when absent. */
  target?: string;
  /** `--env <name>`. */
  env?: string;
  reporter: (typeof RUN_REPORTERS)[number];
  /** `--out <file>`: the report goes there (the text list still to stdout). */
  out?: string;
  bail: boolean;
  serve: boolean;
  /** `--timeout <ms>`: the most one request may take. */
  timeoutMs: number;
}

/** The environment variable naming the database when `--database` does not. */
export const DATABASE_ENV = 'DECOREST_DATABASE_URL';

/**
 * The database URL of a command: `--database`, else `DECOREST_DATABASE_URL`; undefined (the
 * file store) when neither names one. An empty variable names none, as an unset one.
 */
export function databaseUrl(
  args: CliArgs,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const url = args.database ?? env[DATABASE_ENV];
  return url === undefined || url === '' ? undefined : url;
}

const COMMANDS = new Set([
  'serve',
  'studio',
  'routes',
  'openapi',
  'seed',
  'fake',
  'db',
  'init',
  'run',
  'record',
]);

/** Options only `run` takes: elsewhere they would be silently ignored. */
const RUN_ONLY = ['env', 'reporter', 'bail', 'serve', 'timeout'] as const;

/** `run`'s options from the parsed ones; `rest` loses the requests folder or file. */
function runOptionsOf(
  values: {
    env?: string | undefined;
    reporter?: string | undefined;
    out?: string | undefined;
    bail?: boolean | undefined;
    serve?: boolean | undefined;
    timeout?: string | undefined;
  },
  rest: string[],
): RunOptions {
  const reporter = values.reporter ?? 'text';
  if (!(RUN_REPORTERS as readonly string[]).includes(reporter))
    throw new UsageError(
      `--reporter takes ${RUN_REPORTERS.join(', ')}, got "${reporter}"${didYouMean(reporter, RUN_REPORTERS)}`,
    );
  let timeoutMs = OUTGOING_TIMEOUT_MS;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!/^\d{1,6}$/.test(values.timeout) || timeoutMs < 1 || timeoutMs > OUTGOING_TIMEOUT_MAX_MS)
      throw new UsageError(
        `--timeout takes ms from 1 to ${OUTGOING_TIMEOUT_MAX_MS}, got "${values.timeout}"`,
      );
  }
  if (values.env === '') throw new UsageError('--env takes an environment name');
  if (values.out === '') throw new UsageError('--out takes a file');
  const target = rest.length > 1 ? rest.splice(1, 1)[0] : undefined;
  return {
    ...(target === undefined ? {} : { target }),
    ...(values.env === undefined ? {} : { env: values.env }),
    reporter: reporter as RunOptions['reporter'],
    ...(values.out === undefined ? {} : { out: values.out }),
    bail: values.bail ?? false,
    serve: values.serve ?? false,
    timeoutMs,
  };
}

/** `--delay`, `--fail`, `--proxy`, `--proxy-timeout` as settings, or a usage error. */
function behaviourOf(values: {
  delay?: string | undefined;
  fail?: string | undefined;
  proxy?: string | undefined;
  'proxy-timeout'?: string | undefined;
}): BehaviourSettings | undefined {
  const settings: { -readonly [K in keyof BehaviourSettings]: BehaviourSettings[K] } = {
    routes: [],
  };
  if (values.delay !== undefined) {
    const delay = parseDelay(values.delay);
    if (!delay)
      throw new UsageError(`--delay takes ms or a range (200, 100-800), got "${values.delay}"`);
    settings.delay = delay;
  }
  if (values.fail !== undefined) {
    const fail = parseFail(values.fail);
    if (!fail) throw new UsageError(`--fail takes rate:status (0.1:503), got "${values.fail}"`);
    settings.fail = fail;
  }
  if (values.proxy !== undefined) settings.proxy = values.proxy;
  if (values['proxy-timeout'] !== undefined) {
    if (!/^\d{1,6}$/.test(values['proxy-timeout']))
      throw new UsageError(`--proxy-timeout takes ms, got "${values['proxy-timeout']}"`);
    settings.proxyTimeoutMs = Number(values['proxy-timeout']);
  }
  if (Object.keys(settings).length === 1) return undefined;
  try {
    checkSettings(settings);
  } catch (error) {
    const errors = (error as { errors?: { field: string; message: string }[] }).errors ?? [];
    throw new UsageError(errors.map((e) => `--${e.field}: ${e.message}`).join('; '));
  }
  return settings;
}

/** Reads `process.argv.slice(2)`; throws {@link UsageError} with a one-line reason. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        'control-port': { type: 'string' },
        host: { type: 'string' },
        quiet: { type: 'boolean' },
        watch: { type: 'boolean' },
        reset: { type: 'boolean' },
        delay: { type: 'string' },
        fail: { type: 'string' },
        proxy: { type: 'string' },
        'proxy-timeout': { type: 'string' },
        seed: { type: 'string' },
        database: { type: 'string' },
        yes: { type: 'boolean' },
        data: { type: 'string' },
        out: { type: 'string' },
        replace: { type: 'boolean' },
        force: { type: 'boolean' },
        from: { type: 'string' },
        env: { type: 'string' },
        reporter: { type: 'string' },
        bail: { type: 'boolean' },
        serve: { type: 'boolean' },
        timeout: { type: 'string' },
        'keep-header': { type: 'string', multiple: true },
        resume: { type: 'boolean' },
        discard: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(
      error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    );
  }
  const { values, positionals } = parsed;
  const base = {
    dir: '.',
    port: 3000,
    controlPort: 0,
    host: '127.0.0.1',
    quiet: values.quiet ?? false,
    watch: values.watch ?? false,
  };
  if (values.help) return { command: 'help', ...base };
  if (values.version) return { command: 'version', ...base };
  const [command, ...rest] = positionals;
  if (command === undefined) return { command: 'help', ...base };
  if (!COMMANDS.has(command))
    throw new UsageError(`unknown command "${command}"${didYouMean(command, COMMANDS)}`);
  let seedAction: CliArgs['seedAction'];
  let dbAction: CliArgs['dbAction'];
  if (command === 'db') {
    const action = rest.shift();
    if (action !== 'push' && action !== 'import' && action !== 'export')
      throw new UsageError(
        `db takes "push", "import" or "export", got ${action === undefined ? 'nothing' : `"${action}"`}`,
      );
    dbAction = action;
  }
  // Options of one db action each: elsewhere they would be silently ignored.
  const only = { data: 'import', replace: 'import', out: 'export', force: 'export' } as const;
  for (const [option, action] of Object.entries(only))
    if (
      values[option as keyof typeof only] !== undefined &&
      dbAction !== action &&
      !(option === 'force' && (command === 'init' || command === 'record')) &&
      !(option === 'out' && command === 'run')
    )
      throw new UsageError(
        `--${option} belongs to db ${action}${option === 'out' ? ' and run' : ''}`,
      );
  for (const option of RUN_ONLY)
    if (values[option] !== undefined && command !== 'run')
      throw new UsageError(`--${option} belongs to run`);
  const run = command === 'run' ? runOptionsOf(values, rest) : undefined;
  if (values.from !== undefined && command !== 'init')
    throw new UsageError('--from belongs to init');
  for (const option of ['resume', 'discard'] as const)
    if (values[option] && command !== 'record')
      throw new UsageError(`--${option} belongs to record`);
  if (values.resume && values.discard)
    throw new UsageError(
      '--resume records on into the last recording, --discard drops it: not both',
    );
  if (values['keep-header'] !== undefined && command !== 'record' && command !== 'init')
    throw new UsageError('--keep-header belongs to record and init --from');
  for (const name of values['keep-header'] ?? [])
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
      throw new UsageError(`--keep-header takes a header name, got "${name}"`);
  let target: string | undefined;
  if (command === 'record') {
    target = rest.shift();
    if (target === undefined)
      throw new UsageError('record takes the URL of the API to record: record <target-url> [dir]');
    if (values.proxy !== undefined)
      throw new UsageError('record forwards to its <target-url>: no --proxy');
  }
  if (values.from === '') throw new UsageError('--from takes a file');
  for (const option of ['data', 'out'] as const)
    if (values[option] === '' && command !== 'run')
      throw new UsageError(`--${option} takes a folder`);
  if (values.database !== undefined && values.database === '')
    throw new UsageError('--database takes a URL (postgres://user:password@host:5432/database)');
  let fake: CliArgs['fake'];
  if (command === 'seed') {
    const action = rest.shift();
    if (action !== 'save' && action !== 'reset')
      throw new UsageError(
        `seed takes "save" or "reset", got ${action === undefined ? 'nothing' : `"${action}"`}`,
      );
    seedAction = action;
  }
  if (command === 'fake') {
    if (rest.length < 2 || rest.length > 3)
      throw new UsageError('fake takes [dir] <model> <count>');
    const [countText, model] = [rest.pop()!, rest.pop()!];
    if (!/^\d{1,6}$/.test(countText) || Number(countText) < 1 || Number(countText) > 100_000)
      throw new UsageError(`the count must be a number from 1 to 100000, got "${countText}"`);
    fake = { model, count: Number(countText) };
    if (values.seed !== undefined) {
      if (!/^-?\d{1,15}$/.test(values.seed))
        throw new UsageError(`--seed takes an integer, got "${values.seed}"`);
      fake.seed = Number(values.seed);
    }
  }
  const [dir, ...extra] = rest;
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const portOption = (name: string, raw: string | undefined, fallback: number): number => {
    if (raw === undefined) return fallback;
    if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
      throw new UsageError(`--${name} must be a number from 0 to 65535, got "${raw}"`);
    }
    return Number(raw);
  };
  const behaviour = behaviourOf(values);
  const port = portOption('port', values.port, 3000);
  const controlPort = portOption('control-port', values['control-port'], 0);
  return {
    command: command as CliArgs['command'],
    dir: dir ?? '.',
    port,
    controlPort,
    host: values.host ?? '127.0.0.1',
    quiet: values.quiet ?? false,
    watch: values.watch ?? false,
    ...(seedAction ? { seedAction } : {}),
    ...(fake ? { fake } : {}),
    ...(values.reset ? { reset: true } : {}),
    ...(behaviour ? { behaviour } : {}),
    ...(values.database !== undefined ? { database: values.database } : {}),
    ...(dbAction ? { dbAction } : {}),
    ...(values.yes ? { yes: true } : {}),
    ...(values.data !== undefined ? { dataFolder: values.data } : {}),
    ...(values.out !== undefined ? { out: values.out } : {}),
    ...(values.replace ? { replace: true } : {}),
    ...(values.force ? { force: true } : {}),
    ...(values.from !== undefined ? { from: values.from } : {}),
    ...(run ? { run } : {}),
    ...(target !== undefined ? { target } : {}),
    ...(values['keep-header'] !== undefined ? { keepHeaders: values['keep-header'] } : {}),
    ...(values.resume ? { resume: true } : {}),
    ...(values.discard ? { discard: true } : {}),
  };
}
