/**
 * A project folder of saved requests and environments (issue 47's `decorest run` tests), each
 * written as the studio writes it (request-files.ts), or as raw text for a file that must not
 * read.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import type { Environment } from '../contract/requests-api.js';
import { checkEnvironment, checkRequest } from '../requests/check-request.js';
import { environmentFileText, requestFileText } from '../requests/request-files.js';

/** A saved request as a test writes it: what it leaves out gets the file format's defaults. */
export interface RequestSpec {
  name: string;
  url: string;
  method?: string;
  seq?: number;
  headers?: { name: string; value: string }[];
  body?: unknown;
  assertions?: unknown[];
  set?: Record<string, string>;
}

export interface ProjectSpec {
  /** Path under `requests/` → the request, or the raw text of a file. */
  requests: Record<string, RequestSpec | string>;
  environments?: Environment[];
}

async function put(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

/** Writes `spec` into a new temp folder (or `dir`); resolves with the folder. */
export async function writeRequestProject(spec: ProjectSpec, dir?: string): Promise<string> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'decorest-run-project-')));
  for (const [path, request] of Object.entries(spec.requests)) {
    if (typeof request === 'string') {
      await put(join(root, 'requests', path), request);
      continue;
    }
    const checked = checkRequest(request);
    if (!checked.ok) throw new Error(`${path}: ${JSON.stringify(checked.findings)}`);
    await put(join(root, 'requests', path), requestFileText(checked.value));
  }
  for (const environment of spec.environments ?? []) {
    const checked = checkEnvironment(environment);
    if (!checked.ok) throw new Error(`${environment.name}: ${JSON.stringify(checked.findings)}`);
    await put(
      join(root, 'environments', `${environment.name}.json`),
      environmentFileText(checked.value),
    );
  }
  return root;
}
