/**
 * The set-up the Data view's feature files share (data-cells, data-parents, data-records and
 * data-glance.e2e.ts): `useDataView()` starts, for the calling file, a studio on a copy of the
 * example with a Note model beside it and a browser page open on the Data view at Todo; `api`
 * reads and writes the mock API as a plain client does.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { beforeAll } from 'vitest';

import { type StudioSession, useStudioSession } from './fixtures.js';
import { DataPage } from './pages/data.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';

/** The Data view of the calling file's page: set by `useDataView()`'s `beforeAll`. */
export let data: DataPage;

// A model with an optional field (left out of a record that does not set it) beside a
// nullable one (stored as null).
const NOTE = `import { FromDataSource, Rest } from 'decorest';

@Rest
@FromDataSource
export class Note {
  id!: number;
  text!: string;
  remark?: string;
  reviewed!: string | null;
}
`;

let session: StudioSession;

/** Starts the studio and the page, opens the Data view at Todo, and answers the session. */
export function useDataView(): StudioSession {
  session = useStudioSession((dir) => writeFile(join(dir, 'note.ts'), NOTE));
  beforeAll(async () => {
    data = new DataPage(session.ui.page);
    await new Frame(session.ui.page).open('Data');
    await data.chooseModel('Todo');
    await data.grid('Todo').waitFor();
  });
  return session;
}

/** A request to the mock API from outside the studio, as curl or another app sends it. */
export const api = async (path: string, init?: RequestInit) => {
  const answer = await fetch(`${session.studio.apiUrl}${path}`, init);
  return {
    status: answer.status,
    body: (await answer.json()) as Record<string, unknown> & Record<string, unknown>[],
  };
};
