import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { removeTempProjects, writeTempProject } from '../test-support/temp-project.js';
import { isRelativeSpecifier, ModuleResolver, resolveRelative } from './module-resolver.js';

afterEach(removeTempProjects);

describe('resolveRelative', () => {
  const root = () =>
    writeTempProject({
      'models/user.ts': '',
      'models/index.ts': '',
      'plain.js': '',
      'both.ts': '',
      'both.js': '',
      'lib/index.js': '',
      'seed.json': '[]',
    });

  it.each([
    ['./models/user.js', 'models/user.ts'],
    ['./models/user', 'models/user.ts'],
    ['./models/user.ts', 'models/user.ts'],
    ['./models', 'models/index.ts'],
    ['./plain', 'plain.js'],
    ['./plain.js', 'plain.js'],
    ['./both.js', 'both.ts'],
    ['./lib', 'lib/index.js'],
    ['./seed.json', 'seed.json'],
  ])('resolves %s to %s', (specifier, expected) => {
    const dir = root();
    expect(resolveRelative(path.join(dir, 'app.ts'), specifier)).toBe(path.join(dir, expected));
  });

  it('resolves from the importing file’s folder', () => {
    const dir = root();
    expect(resolveRelative(path.join(dir, 'models/todo.ts'), './user.js')).toBe(
      path.join(dir, 'models/user.ts'),
    );
    expect(resolveRelative(path.join(dir, 'models/todo.ts'), '../plain.js')).toBe(
      path.join(dir, 'plain.js'),
    );
  });

  it('answers undefined for a file that does not exist', () => {
    expect(resolveRelative(path.join(root(), 'app.ts'), './gone.js')).toBeUndefined();
  });
});

describe('ModuleResolver', () => {
  it('maps decorest to the framework', () => {
    expect(new ModuleResolver(writeTempProject({})).resolve('/x/a.ts', 'decorest')).toEqual({
      kind: 'framework',
    });
  });

  it('prefers a package the project installed', () => {
    const dir = writeTempProject({
      'node_modules/reflect-metadata/package.json': '{"name":"reflect-metadata","main":"own.js"}',
      'node_modules/reflect-metadata/own.js': 'module.exports = { own: true };',
    });
    const found = new ModuleResolver(dir).resolve(path.join(dir, 'a.ts'), 'reflect-metadata');
    expect(found.kind === 'package' && found.load()).toEqual({ own: true });
  });

  it('falls back to Decorest’s own dependencies and to Node built-ins', () => {
    const dir = writeTempProject({});
    const resolver = new ModuleResolver(dir);
    expect(resolver.resolve(path.join(dir, 'a.ts'), 'reflect-metadata')).toMatchObject({
      kind: 'package',
    });
    const fs = resolver.resolve(path.join(dir, 'a.ts'), 'node:fs');
    expect(
      fs.kind === 'package' && typeof (fs.load() as { readFileSync: unknown }).readFileSync,
    ).toBe('function');
  });

  it('reports a missing package or file with what it tried', () => {
    const dir = writeTempProject({});
    const resolver = new ModuleResolver(dir);
    expect(resolver.resolve(path.join(dir, 'a.ts'), 'no-such-package-decorest')).toEqual({
      kind: 'missing',
      tried: ['no-such-package-decorest'],
    });
    expect(resolver.resolve(path.join(dir, 'a.ts'), './b.js')).toEqual({
      kind: 'missing',
      tried: [path.join(dir, 'b.ts'), path.join(dir, 'b.js')],
    });
  });

  it('treats only ./, ../ and absolute paths as relative', () => {
    expect(['./a', '../a', '.', '/abs/a'].every(isRelativeSpecifier)).toBe(true);
    expect(['a', '@scope/a', 'node:fs', 'decorest'].some(isRelativeSpecifier)).toBe(false);
  });
});
