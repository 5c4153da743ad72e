import { openProject } from '../../project/open-project.js';
import { projectOpenApi } from '../../project/project-openapi.js';
import type { CliArgs } from '../parse-args.js';

/** `decorest openapi [dir]`: the OpenAPI 3.1 document on stdout. */
export async function runOpenApi(args: CliArgs): Promise<number> {
  const project = await openProject(args.dir, { data: false });
  try {
    // The same document the server sends, built by the same function.
    const doc = await projectOpenApi(project);
    console.log(JSON.stringify(doc, null, 2));
    return 0;
  } finally {
    await project.close();
  }
}
