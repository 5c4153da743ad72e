/**
 * Issue 30: `GET`/`PUT /api/console-session`, the Console's open tabs of the open project
 * (core/src/requests/console-session.ts keeps them).
 */
import { isAbsolute } from 'node:path';

import { CONSOLE_SESSION_LIMIT, type ConsoleSession } from '../contract/requests-api.js';
import { problems } from '../errors.js';
import { ConsoleSessionStore } from '../requests/console-session.js';
import { type BodyFinding, bodyProblem } from '../validation/body-check.js';
import type { ControlContext } from './control-context.js';
import type { ControlRoutes } from './control-route.js';

// One per project and config folder, so writes to one file queue behind each other.
const stores = new Map<string, ConsoleSessionStore>();

async function storeOf(ctx: ControlContext, given?: string): Promise<ConsoleSessionStore> {
  const root = given ?? (await ctx.projectStatus()).root;
  if (root === '') throw problems.projectUnavailable('no project is open');
  const key = `${root}\0${ctx.configDir}`;
  let store = stores.get(key);
  if (!store) stores.set(key, (store = new ConsoleSessionStore(ctx.configDir, root)));
  return store;
}

/** Any absolute folder: the file is named by its hash in the user's own config folder. */
function rootFindings(body: unknown): BodyFinding[] {
  const root = (body as { root?: unknown } | null)?.['root'];
  return typeof root === 'string' && !isAbsolute(root)
    ? [{ pointer: '/root', message: 'must be the absolute folder of a project' }]
    : [];
}

export const CONSOLE_SESSION_ROUTES: Pick<
  ControlRoutes,
  'getConsoleSession' | 'putConsoleSession'
> = {
  getConsoleSession: {
    handle: async ({ ctx }) => {
      const root = (await ctx.projectStatus()).root;
      return { root, state: await (await storeOf(ctx, root)).read() };
    },
  },
  putConsoleSession: {
    bodyLimit: CONSOLE_SESSION_LIMIT,
    check: rootFindings,
    handle: async ({ ctx, body }) => {
      const problem = bodyProblem('Invalid request body', rootFindings(body));
      if (problem !== undefined) throw problem;
      // Issue 43: its shape passed the schema (`CONTROL_BODIES`).
      const { root, state } = body as ConsoleSession;
      const store = await storeOf(ctx, root);
      await store.write(state);
      return { root: root ?? (await ctx.projectStatus()).root, state };
    },
  },
};
