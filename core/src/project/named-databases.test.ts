/**
 * Some models on PostgreSQL, the others on files (issue 26): a `@DataSource` class extending
 * `PostgresDataSource` puts its models' tables in its database, served like the default
 * datasource's, handed across reloads, and a missing or unreachable URL is one load error.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';

import { type RunningServer, startServer } from '../http/node-server.js';
import { removeTempProjects, writeTempProject } from '../loader/test-support/temp-project.js';
import { jsonRequest } from '../test-support/http-client.js';
import { describeWithPostgres } from '../test-support/postgres-cluster.js';
import { useStore } from '../test-support/store-choice.js';
import { openProject, projectDatabases, type ProjectRuntime } from './open-project.js';
import { reloadProject } from './reload-project.js';

const URL_VARIABLE = 'DECOREST_TEST_SHARED_DATABASE_URL';

const FILES = {
  'shared.ts': `import { DataSource, PostgresDataSource } from 'decorest';
@DataSource('shared')
export class Shared extends PostgresDataSource {
  readonly url = process.env.${URL_VARIABLE};
}
`,
  'invoice.ts': `import { FromDataSource, HasMany, Rest } from 'decorest';
import { Line } from './line';
@Rest
@FromDataSource('shared')
export class Invoice {
  id!: number;
  total!: number;
  @HasMany lines!: Line[];
}
`,
  'line.ts': `import { BelongTo, FromDataSource, Rest } from 'decorest';
import { Invoice } from './invoice';
@Rest
@FromDataSource('shared')
export class Line {
  id!: number;
  label!: string;
  @BelongTo invoice?: Invoice;
}
`,
  'note.ts': `import { Rest } from 'decorest';
@Rest
export class Note {
  id!: number;
  text!: string;
}
`,
};

async function rowsOf(url: string, table: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // As JSON: bigint columns read back as numbers.
    const found = await client.query<{ row: unknown }>(
      `SELECT to_jsonb(t) AS row FROM "${table}" t ORDER BY id`,
    );
    return found.rows.map((r) => r.row);
  } finally {
    await client.end();
  }
}

describeWithPostgres('a PostgreSQL datasource beside the data folder', () => {
  const freshDatabase = useStore('postgres');
  let projects: ProjectRuntime[] = [];
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    for (const project of projects.reverse()) await project.close();
    projects = [];
    delete process.env[URL_VARIABLE];
    removeTempProjects();
  });

  it('serves its models from the database and the others from files, across a reload', async () => {
    const { database: url } = await freshDatabase();
    process.env[URL_VARIABLE] = url!;
    const root = writeTempProject(FILES);
    const first = await openProject(root);
    projects.push(first);
    server = await startServer({ port: 0, table: first.table, logger: { error: () => {} } });
    const call = (method: string, path: string, body?: unknown) =>
      jsonRequest(server!.url, method, path, body);

    expect((await call('POST', '/invoices', { total: 12.5 })).status).toBe(201);
    expect((await call('POST', '/lines', { label: 'tea', invoice: 1 })).status).toBe(201);
    expect((await call('POST', '/lines', { label: 'cake', invoice: 9 })).status).toBe(422);
    expect((await call('POST', '/notes', { text: 'on file' })).status).toBe(201);
    expect((await call('GET', '/invoices/1?embed=lines')).json).toEqual({
      id: 1,
      total: 12.5,
      lines: [{ id: 1, label: 'tea', invoice: 1 }],
    });

    // The tables hold the datasource's records; the data folder only the default's.
    expect(await rowsOf(url!, 'invoices')).toMatchObject([{ id: 1, total: 12.5 }]);
    expect(await rowsOf(url!, 'lines')).toMatchObject([{ id: 1, label: 'tea', invoice: 1 }]);
    expect(existsSync(join(first.dataDir, 'notes.db'))).toBe(true);
    expect(existsSync(join(first.dataDir, 'invoices.db'))).toBe(false);
    expect(projectDatabases(first).describe()).toEqual([
      { name: 'shared', address: expect.stringMatching(/^postgres@127\.0\.0\.1:\d+\/served_\d+$/) },
    ]);

    // A reload keeps the pool; the new version reads what the old one wrote.
    const notePath = join(root, 'note.ts');
    await writeFile(
      notePath,
      (await readFile(notePath, 'utf8')).replace(
        'text!: string;',
        'text!: string;\n  pinned?: boolean;',
      ),
    );
    const second = await reloadProject(first);
    projects.push(second);
    server.setTable(second.table);
    expect((await call('GET', '/lines?invoice=1')).json).toEqual([
      { id: 1, label: 'tea', invoice: 1 },
    ]);
    // The delete rule is the database's foreign key: the line is nulled.
    expect((await call('DELETE', '/invoices/1')).status).toBe(200);
    expect(await rowsOf(url!, 'lines')).toMatchObject([{ id: 1, invoice: null }]);
    // The old version handed its pool on: closing it closes nothing of the new one's.
    await first.close();
    expect((await call('GET', '/lines/1')).status).toBe(200);
  });

  it("refuses the default datasource's database: one database per datasource", async () => {
    const { database: url } = await freshDatabase();
    process.env[URL_VARIABLE] = url!;
    const root = writeTempProject(FILES);
    await expect(openProject(root, { database: url! })).rejects.toThrow(
      /datasource "shared" names the default datasource's database/,
    );
  });
});

describe('a PostgreSQL datasource that cannot be used', () => {
  afterEach(() => {
    delete process.env[URL_VARIABLE];
    removeTempProjects();
  });

  it('is a load error naming the class when its URL is not set', async () => {
    const root = writeTempProject(FILES);
    await expect(openProject(root)).rejects.toThrow(
      /Shared: a PostgresDataSource needs a url .*it is undefined: is its environment variable set\?/,
    );
    // Refused while loading, before the data folder is made.
    expect(existsSync(join(root, 'data'))).toBe(false);
  });

  it('names the datasource and the address, never the password, when it cannot connect', async () => {
    process.env[URL_VARIABLE] = 'postgres://mock:hunter2@127.0.0.1:1/shared';
    const root = writeTempProject(FILES);
    const failure = openProject(root);
    await expect(failure).rejects.toThrow(
      /^datasource "shared": cannot reach PostgreSQL at mock@127\.0\.0\.1:1\/shared: connection refused/,
    );
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });
});
