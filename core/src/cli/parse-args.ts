import { parseArgs } from 'node:util';

import { UsageError } from '../errors.js';

export interface CliArgs {
  command: 'serve' | 'studio' | 'routes' | 'openapi' | 'help' | 'version';
  /** `studio --control-port`: the control API's port (0 picks a free one). */
  controlPort: number;
  dir: string;
  port: number;
  host: string;
  quiet: boolean;
  watch: boolean;
}

const COMMANDS = new Set(['serve', 'studio', 'routes', 'openapi']);

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
  const [command, dir, ...extra] = positionals;
  if (command === undefined) return { command: 'help', ...base };
  if (!COMMANDS.has(command)) throw new UsageError(`unknown command "${command}"`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const portOption = (name: string, raw: string | undefined, fallback: number): number => {
    if (raw === undefined) return fallback;
    if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
      throw new UsageError(`--${name} must be a number from 0 to 65535, got "${raw}"`);
    }
    return Number(raw);
  };
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
  };
}
