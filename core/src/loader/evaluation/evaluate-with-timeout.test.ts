import { afterEach, describe, expect, it } from 'vitest';

import { LoadError } from '../../errors.js';
import { loadProject } from '../load-project.js';
import { createFakeFramework } from '../test-support/fake-framework.js';
import { removeTempProjects, writeTempProject } from '../test-support/temp-project.js';

afterEach(removeTempProjects);

describe('a model file that loops at import time', () => {
  it('fails the load naming the loop that was running, and the process goes on', async () => {
    const stackTraceLimit = Error.stackTraceLimit;
    const dir = writeTempProject({
      'a-model.ts': "import { spin } from './spin.js';\nexport class A { id!: number; }\nspin();\n",
      'spin.ts': 'export function spin(): void {\n  for (;;) {}\n}\n',
    });
    const error = await loadProject(dir, {
      framework: createFakeFramework(),
      evaluationTimeoutMs: 300,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).code).toBe('MODULE_TIMEOUT');
    // The loop is spin.ts's, run by a-model.ts's top-level call of spin() (issue 18: the line).
    expect((error as LoadError).file).toMatch(/spin\.ts$/);
    expect((error as LoadError).line).toBe(2);
    expect((error as LoadError).message).toContain('while a-model.ts was imported');
    expect((error as LoadError).message).toContain('did not finish within 300 ms');
    expect(Error.stackTraceLimit).toBe(stackTraceLimit);
    // A later load in the same process works.
    const ok = writeTempProject({ 'b.ts': 'export class B { id!: number; }\n' });
    await expect(loadProject(ok, { framework: createFakeFramework() })).resolves.toBeDefined();
  });
});
