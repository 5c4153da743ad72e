import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { databaseOf, parseLaunchArgs, secondInstanceProject, userArgs } from './args.js';

describe('userArgs', () => {
  it('drops the executable in a packaged app', () => {
    expect(userArgs(['/opt/Decorest Studio/decorest-studio', 'proj'], false)).toEqual(['proj']);
  });

  it('drops the executable and the app path under `electron <app>`', () => {
    expect(userArgs(['/x/electron', 'electron/dist/main.js', 'proj'], true)).toEqual(['proj']);
  });

  it('finds the app path after switches put before it (Playwright)', () => {
    const argv = [
      '/x/electron',
      '--inspect=0',
      '--remote-debugging-port=0',
      'main.js',
      'proj',
      '--port',
      '0',
    ];
    const args = userArgs(argv, true);
    expect(args).toEqual(['--inspect=0', '--remote-debugging-port=0', 'proj', '--port', '0']);
    expect(parseLaunchArgs(args, '/w')).toMatchObject({
      projectDir: path.resolve('/w/proj'),
      apiPort: 0,
    });
  });
});

describe('parseLaunchArgs', () => {
  it('defaults to the mock API on 3000 and any control port on 127.0.0.1', () => {
    expect(parseLaunchArgs([], '/w')).toEqual({ apiPort: 3000, controlPort: 0, host: '127.0.0.1' });
  });

  it('resolves the project folder against the working directory', () => {
    expect(parseLaunchArgs(['examples/todo'], '/w').projectDir).toBe(
      path.resolve('/w/examples/todo'),
    );
    expect(parseLaunchArgs(['/abs/proj'], '/w').projectDir).toBe(path.resolve('/abs/proj'));
  });

  it('reads ports and host in both `--x v` and `--x=v` forms', () => {
    const args = parseLaunchArgs(
      ['--port', '4000', '--control-port=4001', '--host=localhost'],
      '/w',
    );
    expect(args).toMatchObject({ apiPort: 4000, controlPort: 4001, host: 'localhost' });
  });

  it("skips Chromium's and Electron's own switches", () => {
    const args = parseLaunchArgs(['--no-sandbox', '--inspect=0', 'proj', '--enable-logging'], '/w');
    expect(args.projectDir).toBe(path.resolve('/w/proj'));
  });

  it('refuses ports that are not plain numbers in range', () => {
    for (const bad of ['0x10', '1e3', '-1', '65536', '']) {
      expect(() => parseLaunchArgs(['--port', bad], '/w')).toThrow(/--port must be a port number/);
    }
    expect(() => parseLaunchArgs(['--port'], '/w')).toThrow('--port needs a value');
  });

  it('takes a loopback Vite dev server for --dev and nothing else', () => {
    expect(parseLaunchArgs(['--dev', 'http://localhost:5173/'], '/w').devServerUrl).toBe(
      'http://localhost:5173',
    );
    expect(() => parseLaunchArgs(['--dev', 'https://evil.example'], '/w')).toThrow(/--dev takes/);
  });
});

describe('secondInstanceProject', () => {
  it("prefers the second instance's own parsed folder", () => {
    expect(secondInstanceProject(['exe', 'other'], '/w', { projectDir: '/p/todo' }, false)).toBe(
      path.resolve('/p/todo'),
    );
  });

  it('falls back to its argv, resolved against its working directory', () => {
    expect(secondInstanceProject(['exe', '--no-sandbox', 'proj'], '/home/u', null, false)).toBe(
      path.resolve('/home/u/proj'),
    );
  });

  it('is undefined when the second launch named no folder or bad arguments', () => {
    expect(secondInstanceProject(['exe'], '/w', undefined, false)).toBeUndefined();
    expect(secondInstanceProject(['exe', '--port', 'x'], '/w', undefined, false)).toBeUndefined();
  });
});

describe('the database (issue 26)', () => {
  const url = 'postgres://mock:secret@db.internal:5432/mock?sslmode=require';

  it('reads --database in both forms, and not as the project folder', () => {
    expect(parseLaunchArgs(['proj', '--database', url], '/w')).toMatchObject({
      projectDir: path.resolve('/w', 'proj'),
      database: url,
    });
    expect(parseLaunchArgs([`--database=${url}`, 'proj'], '/w').database).toBe(url);
    expect(() => parseLaunchArgs(['--database'], '/w')).toThrow('--database needs a value');
  });

  it('takes --database before DECOREST_DATABASE_URL, and neither means the data folder', () => {
    const env = { DECOREST_DATABASE_URL: 'postgres://env@h/db' };
    expect(databaseOf({ database: url }, env)).toBe(url);
    expect(databaseOf({}, env)).toBe('postgres://env@h/db');
    expect(databaseOf({}, { DECOREST_DATABASE_URL: '' })).toBeUndefined();
    expect(databaseOf({}, {})).toBeUndefined();
  });
});
