import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = new URL('.', import.meta.url).pathname;

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'fixtures' && entry.name !== 'node_modules')
        out.push(...(await sources(path)));
    } else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

describe('core/ boundaries (DESIGN.md)', () => {
  it('imports neither Electron, React, zustand nor the apps built on it', async () => {
    const offenders: string[] = [];
    for (const file of await sources(ROOT)) {
      const text = await readFile(file, 'utf8');
      const imports = text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g);
      for (const [, specifier] of imports) {
        if (
          /^(electron|react|react-dom|zustand)(\/|$)/.test(specifier!) ||
          /(^|\/)(renderer|electron)\//.test(specifier!)
        ) {
          offenders.push(`${file.slice(ROOT.length)} imports ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
