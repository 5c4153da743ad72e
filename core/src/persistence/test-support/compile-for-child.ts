/**
 * Node 20 cannot run TypeScript, and the crash tests need the store in a real child process
 * (a SIGKILL must hit a separate process). So transpile the store and the error table
 * (`errors.ts` and `errors/`) to JavaScript in a temp folder with the same layout, once per
 * test file.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

const SRC = fileURLToPath(new URL('../../', import.meta.url)); // core/src/

function sources(): string[] {
  const found = [join(SRC, 'errors.ts')];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) found.push(path);
    }
  };
  walk(join(SRC, 'persistence'));
  walk(join(SRC, 'errors'));
  return found;
}

/** Returns the folder holding `persistence/…` and `errors.js` as ES modules. */
export function compileStoreForChild(): string {
  const out = mkdtempSync(join(tmpdir(), 'decorest-store-js-'));
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  for (const file of sources()) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    const target = join(out, relative(SRC, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  return out;
}

/** Path of a compiled test-support script, e.g. `childScript(out, 'crash-writer')`. */
export function childScript(out: string, name: string): string {
  return join(out, 'persistence', 'test-support', `${name}.js`);
}
