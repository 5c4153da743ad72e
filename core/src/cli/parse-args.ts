import { parseArgs } from 'node:util';

import { UsageError } from './usage.js';

export interface CliArgs {
  command: 'serve' | 'routes' | 'openapi' | 'help' | 'version';
  dir: string;
  port: number;
  host: string;
  quiet: boolean;
  watch: boolean;
}

const COMMANDS = new Set(['serve', 'routes', 'openapi']);

/** Reads `process.argv.slice(2)`; throws {@link UsageError} with a one-line reason. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        quiet: { type: 'boolean' },
        watch: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
  const { values, positionals } = parsed;
  const base = {
    dir: '.',
    port: 3000,
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
  let port = 3000;
  if (values.port !== undefined) {
    if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535) {
      throw new UsageError(`--port must be a number from 0 to 65535, got "${values.port}"`);
    }
    port = Number(values.port);
  }
  return {
    command: command as CliArgs['command'],
    dir: dir ?? '.',
    port,
    host: values.host ?? '127.0.0.1',
    quiet: values.quiet ?? false,
    watch: values.watch ?? false,
  };
}
