import { openProject } from '../../project/open-project.js';
import { formatRoutes } from '../format-routes.js';
import type { CliArgs } from '../parse-args.js';

/** `decorest routes [dir]`: the route table, without serving. */
export async function runRoutes(args: CliArgs): Promise<number> {
  const project = await openProject(args.dir, { data: false });
  try {
    console.log(formatRoutes(project.table.routes));
    return 0;
  } finally {
    await project.close();
  }
}
