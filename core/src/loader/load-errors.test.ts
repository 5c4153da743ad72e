import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { loadProject } from './load-project.js';
import { createFakeFramework } from './test-support/fake-framework.js';
import { loadError } from './test-support/load-error.js';
import { removeTempProjects, writeTempProject } from './test-support/temp-project.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

afterEach(removeTempProjects);

/** The LoadError of a load under a short watchdog (the loops below never end). */
async function timeoutOf(root: string) {
  return loadProject(root, { framework: createFakeFramework(), evaluationTimeoutMs: 300 }).then(
    () => expect.unreachable('the load should time out'),
    (error: unknown) => error as { code: string; file: string; line: number; message: string },
  );
}

describe('loadProject: an endless loop at import time (issue 18)', () => {
  it('names the file and line of a top-level `while (true) {}`', async () => {
    const root = writeTempProject({
      'user.ts': 'export class User {\n  id!: number;\n}\n\nwhile (true) {}\n',
    });
    const error = await timeoutOf(root);
    const file = path.join(root, 'user.ts');
    expect(error).toMatchObject({ code: 'MODULE_TIMEOUT', file, line: 5 });
    expect(error.message).toBe(
      `${file}:5: the import did not finish within 300 ms: the loop at this line never ended`,
    );
  });

  it('names the inner loop that spins, in the imported file, under a finished loop', async () => {
    const root = writeTempProject({
      'a-model.ts': [
        "import { settle } from './settle.js';",
        'for (const n of [1, 2, 3]) void n;',
        'export class A { id!: number; }',
        'settle(3);',
      ].join('\n'),
      'settle.ts': [
        'export function settle(rounds: number): void {',
        '  for (let i = 0; i < rounds; i++) {',
        '    let left = i === 2 ? 1 : 0;',
        '    do left = left; while (left > 0);',
        '  }',
        '}',
      ].join('\n'),
    });
    const error = await timeoutOf(root);
    expect(error).toMatchObject({ file: path.join(root, 'settle.ts'), line: 4 });
    expect(error.message).toContain('(called while a-model.ts was imported)');
  });
});

describe('loadProject: load errors name the file and line', () => {
  it('reports a syntax error at its exact line and column', async () => {
    const error = await loadError(path.join(FIXTURES, 'broken-syntax'));
    const file = path.join(FIXTURES, 'broken-syntax/model.ts');
    expect(error).toMatchObject({ code: 'SYNTAX_ERROR', file, line: 6, column: 21 });
    expect(error.message).toBe(`${file}:6:21: Expression expected.`);
  });

  it('reports a throw in an imported file at the throwing line, not at the importer', async () => {
    const error = await loadError(path.join(FIXTURES, 'throws-at-import'));
    expect(error.code).toBe('MODULE_THREW');
    expect(error.file).toBe(path.join(FIXTURES, 'throws-at-import/z-seed.ts'));
    expect(error.line).toBe(4);
    expect(error.message).toContain('z-seed.ts:4:');
    expect(error.message).toContain('RangeError: seed data is missing');
    expect(error.cause).toBeInstanceOf(RangeError);
  });

  it('reports a relative import of a missing file at the import', async () => {
    const error = await loadError(path.join(FIXTURES, 'missing-import'));
    expect(error).toMatchObject({
      code: 'MODULE_NOT_FOUND',
      file: path.join(FIXTURES, 'missing-import/model.ts'),
      line: 2,
      column: 22,
    });
    expect(error.message).toContain("cannot find module './gone.js' (tried gone.ts, gone.js)");
  });

  it('reports a missing relative require found only at run time at the requiring line', async () => {
    const root = writeTempProject({
      'a.js': "const name = './gone';\n\nexports.x = require(name + '.js');\n",
    });
    const error = await loadError(root);
    expect(error).toMatchObject({
      code: 'MODULE_NOT_FOUND',
      file: path.join(root, 'a.js'),
      line: 3,
    });
  });

  it('reports a package that is installed nowhere at the importing line', async () => {
    const root = writeTempProject({
      'model.ts':
        "// uses a package\n\nimport pad from 'no-such-package-decorest';\n\nexport const p = pad;\n",
    });
    const error = await loadError(root);
    expect(error).toMatchObject({
      code: 'MODULE_NOT_FOUND',
      file: path.join(root, 'model.ts'),
      line: 3,
    });
    expect(error.message).toContain("cannot find package 'no-such-package-decorest'");
  });

  it('blames the function’s own file when a helper of another file throws', async () => {
    const root = writeTempProject({
      'a-model.ts': "import { check } from './z-helper.js';\n\nexport const ok = check(-1);\n",
      'z-helper.ts':
        "export function check(n: number): number {\n  if (n < 0) throw new TypeError('negative');\n  return n;\n}\n",
    });
    const error = await loadError(root);
    expect(error).toMatchObject({
      code: 'MODULE_THREW',
      file: path.join(root, 'z-helper.ts'),
      line: 2,
    });
  });

  it('blames the decorated class when a decorator throws', async () => {
    const root = writeTempProject({
      'model.ts':
        "import { Rest, Strict } from 'decorest';\n\n@Rest\n@Strict\nexport class Locked {\n  id!: number;\n}\n",
    });
    const error = await loadError(root);
    // The frames inside the injected `__decorate` helper map nowhere; the class line does.
    expect(error).toMatchObject({
      code: 'MODULE_THREW',
      file: path.join(root, 'model.ts'),
      line: 5,
    });
    expect(error.message).toContain('@Strict is not allowed');
  });

  it('reports code V8 rejects after TypeScript accepted it as a syntax error at its line', async () => {
    const root = writeTempProject({
      'seed.ts':
        'export const a = 1;\n\nconst rows = await Promise.resolve([]);\nexport { rows };\n',
    });
    const error = await loadError(root);
    expect(error).toMatchObject({
      code: 'SYNTAX_ERROR',
      file: path.join(root, 'seed.ts'),
      line: 3,
    });
    expect(error.message).toContain('await');
  });

  it('names the file being loaded when a non-error value is thrown', async () => {
    const root = writeTempProject({ 'odd.ts': "throw 'plain string';\n" });
    const error = await loadError(root);
    expect(error).toMatchObject({ code: 'MODULE_THREW', file: path.join(root, 'odd.ts') });
    expect(error.message).toContain("threw 'plain string'");
    expect(error.cause).toBe('plain string');
  });

  it('reports a folder that does not exist or holds no code as PROJECT_NOT_FOUND', async () => {
    const missing = path.join(writeTempProject({}), 'nowhere');
    await expect(loadError(missing)).resolves.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
      file: missing,
    });
    const empty = writeTempProject({ 'README.md': '# empty', 'node_modules/x/index.js': '' });
    const error = await loadError(empty);
    expect(error.code).toBe('PROJECT_NOT_FOUND');
    expect(error.message).toContain('no .ts or .js files');
    const file = path.join(writeTempProject({ 'a.ts': '' }), 'a.ts');
    expect((await loadError(file)).message).toContain('is not a folder');
  });

  it('loads a folder without code as a project without models when asked (the studio)', async () => {
    const empty = writeTempProject({ 'README.md': '# empty' });
    const project = await loadProject(empty, {
      framework: createFakeFramework(),
      allowEmpty: true,
    });
    expect(project.files).toEqual([]);
    expect(project.classes).toEqual([]);
    expect(project.application).toBeUndefined();
  });
});

describe('loadProject: what user code may do', () => {
  it('imports JSON, Node built-ins and packages of the host', async () => {
    const root = writeTempProject({
      'seed.json': '[{"id":1}]',
      'model.ts': [
        "import 'reflect-metadata';",
        "import path from 'node:path';",
        "import seed from './seed.json';",
        'export const count = seed.length;',
        'export const sep = path.sep;',
        "export const hasMetadata = typeof Reflect.getMetadata === 'function';",
      ].join('\n'),
    });
    const project = await loadProject(root, { framework: createFakeFramework() });
    expect(project.exportsOf('model.ts')).toMatchObject({
      count: 1,
      sep: path.sep,
      hasMetadata: true,
    });
  });

  it('maps stacks of errors thrown later (in handlers) back to the source lines', async () => {
    const root = writeTempProject({
      'handler.ts': [
        'interface Input {',
        '  n: number;',
        '}',
        '',
        'export function handle(input: Input): number {',
        "  if (input.n < 0) throw new Error('bad input');",
        '  return input.n;',
        '}',
      ].join('\n'),
    });
    const project = await loadProject(root, { framework: createFakeFramework() });
    const handle = project.exportsOf('handler.ts')!['handle'] as (i: { n: number }) => number;
    let stack = '';
    try {
      handle({ n: -1 });
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    expect(project.mapStack(stack)).toContain(`${path.join(root, 'handler.ts')}:6:`);
  });
});
