/**
 * The `decorest` command. Every failure a user can cause (a usage slip, a missing folder, a
 * busy port, a broken model file) is one clear line on stderr and a non-zero exit.
 */
import { DecorestError, UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { runFake, runSeed } from './commands/data.js';
import { runOpenApi } from './commands/openapi.js';
import { runRoutes } from './commands/routes.js';
import { runServe } from './commands/serve.js';
import { runStudio } from './commands/studio.js';
import { parseCliArgs } from './parse-args.js';
import { USAGE } from './usage.js';

/** Runs the CLI; resolves to the exit code (a running server keeps the process alive). */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    const args = parseCliArgs(argv);
    switch (args.command) {
      case 'help':
        console.log(USAGE);
        return 0;
      case 'version':
        console.log(VERSION);
        return 0;
      case 'routes':
        return await runRoutes(args);
      case 'openapi':
        return await runOpenApi(args);
      case 'serve':
        return await runServe(args);
      case 'studio':
        return await runStudio(args);
      case 'seed':
        return await runSeed(args);
      case 'fake':
        return await runFake(args);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`decorest: ${error.message} (see decorest --help)`);
      return 2;
    }
    if (error instanceof DecorestError) {
      console.error(`decorest: ${error.message}`);
      return 1;
    }
    console.error('decorest: unexpected failure', error);
    return 1;
  }
}
