/** Throwaway project folders for loader tests, removed by `removeTempProjects()`. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const created: string[] = [];

/** Writes `files` (relative path → content) into a new temp folder and returns its path. */
export function writeTempProject(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'decorest-loader-'));
  created.push(root);
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return root;
}

export function removeTempProjects(): void {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true });
}
