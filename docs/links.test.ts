/**
 * Issue 48: the README linked `../shared/CONTRACT.md`, which a clone does not have. Every link
 * and every path a Markdown file of the repository points to resolves inside the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's own Markdown files (not dependencies', not test artifacts). */
function markdownFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || ['node_modules', 'dist', 'artifacts'].includes(entry.name))
      continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(path));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found;
}

/** Relative link targets: `[text](target)` and `![alt](target)`, anchors and queries cut. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('#')) continue;
    targets.push(target!.split('#')[0]!.split('?')[0]!);
  }
  return targets;
}

describe('links in the Markdown files', () => {
  const files = markdownFiles(REPO);

  it('finds the README among them', () => {
    expect(files).toContain(join(REPO, 'README.md'));
  });

  it.each(files.map((f) => [relative(REPO, f), f]))(
    '%s links only inside the repository',
    (_, file) => {
      const text = readFileSync(file, 'utf8');
      const outside = linkTargets(text).filter((t) => {
        const target = resolve(dirname(file), t);
        return relative(REPO, target).startsWith('..') || !existsSync(target);
      });
      expect(outside).toEqual([]);
      // A path named in code spans that climbs out of the clone (`../shared/…`).
      expect(text.match(/`\.\.\/shared\/[^`]*`/g) ?? []).toEqual([]);
    },
  );
});
