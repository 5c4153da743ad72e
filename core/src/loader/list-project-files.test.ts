import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { listProjectFiles } from './list-project-files.js';
import { removeTempProjects, writeTempProject } from './test-support/temp-project.js';

afterEach(removeTempProjects);

describe('listProjectFiles', () => {
  it('lists .ts and .js files, sorted, skipping what is not project code', async () => {
    const root = writeTempProject({
      'z.ts': '',
      'a.js': '',
      'models/user.ts': '',
      'models/B.ts': '',
      'node_modules/pkg/index.js': '',
      'models/node_modules/x.ts': '',
      'data/todos.db': '',
      'data/seed.ts': '',
      '.hidden/secret.ts': '',
      '.eslintrc.js': '',
      'types.d.ts': '',
      'user.test.ts': '',
      'user.spec.ts': '',
      'README.md': '',
      'style.css': '',
      'app.tsx': '',
    });
    const files = await listProjectFiles(root);
    expect(files.map((f) => path.relative(root, f).split(path.sep).join('/'))).toEqual([
      'a.js',
      'models/B.ts',
      'models/user.ts',
      'z.ts',
    ]);
  });
});
