/**
 * The `decorest` command. Every failure a user can cause (a usage slip, a missing folder, a
 * busy port, a broken model file) is one clear line on stderr and a non-zero exit.
 */
import { DecorestError, UsageError, WrongSourceError } from '../errors.js';
import { VERSION } from '../version.js';
import { parseCliArgs } from './parse-args.js';
import { USAGE } from './usage.js';

/**
 * Runs the CLI; resolves to the exit code (a running server keeps the process alive). Each
 * command's module is imported when it runs: `serve` does not load the studio or faker (issue 15).
 */
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
        return await (await import('./commands/routes.js')).runRoutes(args);
      case 'openapi':
        return await (await import('./commands/openapi.js')).runOpenApi(args);
      case 'serve':
        return await (await import('./commands/serve.js')).runServe(args);
      case 'studio':
        return await (await import('./commands/studio.js')).runStudio(args);
      case 'seed':
        return await (await import('./commands/data.js')).runSeed(args);
      case 'fake':
        return await (await import('./commands/data.js')).runFake(args);
      case 'db':
        return await (await import('./commands/db.js')).runDb(args);
      case 'init':
        return await (await import('./commands/init.js')).runInit(args);
      case 'run':
        return await (await import('./commands/run.js')).runRun(args);
      case 'record':
        return await (await import('./commands/record.js')).runRecord(args);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`decorest: ${error.message} (see decorest --help)`);
      return 2;
    }
    if (error instanceof WrongSourceError) {
      // The wrong file for the command: a usage slip, said with the command that takes it.
      console.error(`decorest: ${error.message}`);
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
