/**
 * A project file that exports nonsense (issue 7: "a model file that throws, loops at import
 * time or exports nonsense is reported with file and line"). Throws and endless loops at
 * import time are in loader/load-errors.test.ts and loader/evaluate-with-timeout.test.ts; this
 * file covers what loads but makes no sense as an application, a datasource or a model: each
 * fails the load with a LoadError naming the file (and the line, where one is known), or is
 * served as if it were absent, and never takes the process down.
 */
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LoadError } from '../errors.js';
import { removeTempProjects, writeTempProject } from '../loader/test-support/temp-project.js';
import { openProject } from './open-project.js';

afterEach(() => removeTempProjects());

const HEADER = "import { Application, DataSource, FromDataSource, Rest } from 'decorest';\n";

async function loadFails(body: string): Promise<{ error: LoadError; file: string }> {
  const dir = writeTempProject({ 'app.ts': HEADER + body });
  const error = await openProject(dir, { data: false }).then(
    async (project) => {
      await project.close();
      throw new Error('the project loaded');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoadError);
  return { error: error as LoadError, file: join(dir, 'app.ts') };
}

describe('an application that makes no sense', () => {
  it('names the line execute() threw at', async () => {
    const { error, file } = await loadFails(
      "export default class App extends Application {\n  execute() {\n    this.generateRest();\n    throw new Error('boom');\n  }\n}\n",
    );
    expect(error.code).toBe('BAD_APPLICATION');
    const headerLines = HEADER.split('\n').length - 1;
    expect([error.file, error.line]).toEqual([file, headerLines + 4]);
  });

  it.each([
    [
      'throws in execute()',
      "execute() {\n    throw new Error('boom');\n  }",
      'execute() failed: boom',
    ],
    [
      'rejects in an async execute()',
      "async execute() {\n    await Promise.resolve();\n    throw new Error('later');\n  }",
      'execute() failed: later',
    ],
    [
      'maps a number as a handler',
      "execute() {\n    this.get('/x', 42 as never);\n  }",
      'a handler is a function or an object with a method(req, res) function',
    ],
    [
      'maps a path without a leading slash',
      "execute() {\n    this.get('x', () => 1);\n  }",
      'the path must start with "/", got "x"',
    ],
    [
      'throws in its constructor',
      "constructor() {\n    super();\n    throw new Error('ctor');\n  }\n  execute() {}",
      'the application class could not be constructed: ctor',
    ],
  ])('is a BAD_APPLICATION naming the file when it %s', async (_what, members, reason) => {
    const { error, file } = await loadFails(
      `export default class App extends Application {\n  ${members}\n}\n`,
    );
    expect(error.code).toBe('BAD_APPLICATION');
    expect(error.file).toBe(file);
    expect(error.message).toContain(reason);
  });

  it('is ignored when the default export is not an Application: the models are served', async () => {
    const dir = writeTempProject({
      'app.ts': `${HEADER}export default 42;\n@Rest\n@FromDataSource\nexport class Note {\n  id!: number;\n}\n`,
    });
    const project = await openProject(dir, { data: false });
    try {
      expect(project.table.routes.map((r) => `${r.method} ${r.path}`)).toContain('GET /notes');
    } finally {
      await project.close();
    }
  });
});

describe('a datasource or a model that makes no sense', () => {
  it('names file and line of a datasource whose constructor throws', async () => {
    const { error, file } = await loadFails(
      "@DataSource('m')\nexport class M {\n  constructor() {\n    throw new Error('no');\n  }\n  getAll() {\n    return [];\n  }\n}\n",
    );
    expect(error.code).toBe('BAD_DATASOURCE');
    expect([error.file, error.line]).toEqual([file, 3]);
    expect(error.message).toContain('M: the datasource could not be constructed: no');
  });

  it('names file and line of @FromDataSource given a number', async () => {
    const { error, file } = await loadFails(
      '@Rest\n@FromDataSource(42 as never)\nexport class T {\n  id!: number;\n}\n',
    );
    expect([error.file, error.line]).toEqual([file, 3]);
    expect(error.message).toContain('@FromDataSource takes no argument or a datasource name');
  });

  it('names file and line of a model whose id is neither number nor string', async () => {
    const { error, file } = await loadFails(
      '@Rest\n@FromDataSource\nexport class T {\n  id!: boolean;\n}\n',
    );
    expect(error.code).toBe('UNSUPPORTED_FIELD_TYPE');
    expect([error.file, error.line]).toEqual([file, 5]);
    expect(error.message).toContain('T.id: an id is declared number or string');
  });
});
