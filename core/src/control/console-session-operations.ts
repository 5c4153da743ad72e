/**
 * Issue 30: `GET`/`PUT /api/console-session`, the Console's open tabs of the open project
 * (core/src/requests/console-session.ts keeps them).
 */
import { isAbsolute } from 'node:path';

import { CONSOLE_SESSION_LIMIT } from '../contract/requests-api.js';
import type { JsonValue } from '../contract/values.js';
import { problems } from '../errors.js';
import { ConsoleSessionStore } from '../requests/console-session.js';
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
    handle: async ({ ctx, body }) => {
      if (body === null || typeof body !== 'object' || Array.isArray(body) || !('state' in body))
        throw problems.invalidBody('Invalid request body', [
          { field: '/state', message: 'must be the session to keep, or null' },
        ]);
      const { root, state } = body as { root?: unknown; state: JsonValue | null };
      // Any absolute folder: the file is named by its hash in the user's own config folder.
      if (
        root !== undefined &&
        (typeof root !== 'string' || !isAbsolute(root) || root.includes('\0'))
      )
        throw problems.invalidBody('Invalid request body', [
          { field: '/root', message: 'must be the absolute folder of a project' },
        ]);
      const store = await storeOf(ctx, root);
      await store.write(state);
      return { root: root ?? (await ctx.projectStatus()).root, state };
    },
  },
};
