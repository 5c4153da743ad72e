import { basename } from 'node:path';

import { buildOpenApi } from '../../openapi/build-openapi.js';
import { seedExamples } from '../../openapi/seed-examples.js';
import { openProject } from '../../project/open-project.js';
import type { CliArgs } from '../parse-args.js';

/** `decorest openapi [dir]`: the OpenAPI 3.1 document on stdout. */
export async function runOpenApi(args: CliArgs): Promise<number> {
  const project = await openProject(args.dir, { data: false });
  try {
    // The same document the server sends: its own /openapi.json route is not part of the API.
    const routes = project.table.routes.filter((r) => r.operation !== 'openapi');
    const examples = await seedExamples(
      project.root,
      project.runtimes.map((r) => r.schema),
    );
    const doc = buildOpenApi(basename(project.root), routes, project.runtimes, examples);
    console.log(JSON.stringify(doc, null, 2));
    return 0;
  } finally {
    await project.close();
  }
}
