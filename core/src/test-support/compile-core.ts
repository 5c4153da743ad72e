/**
 * Node 20 cannot run TypeScript: transpile an entry module of core/src and every module it
 * imports (relative imports, followed) into a folder under `node_modules/.cache`, so a child
 * process can run it and still resolve the project's dependencies (ajv, …).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

const SRC = fileURLToPath(new URL('../', import.meta.url)); // core/src/
const CACHE = resolve(SRC, '../../node_modules/.cache');

const IMPORTS = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/** Compiles `entry` (a path under core/src, `.ts`) with its imports; returns the output folder. */
export function compileCoreForChild(entry: string): string {
  mkdirSync(CACHE, { recursive: true });
  const out = mkdtempSync(join(CACHE, 'decorest-child-'));
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  const pending = [resolve(SRC, entry)];
  const done = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (done.has(file)) continue;
    done.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(IMPORTS)) {
      const target = resolve(dirname(file), specifier!.replace(/\.js$/, '.ts'));
      if (existsSync(target)) pending.push(target);
    }
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        experimentalDecorators: true,
      },
      fileName: file,
    });
    const target = join(out, relative(SRC, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  return out;
}
