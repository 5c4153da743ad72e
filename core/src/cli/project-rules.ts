/**
 * The project's response rules (`mock-rules.json`, issue 29) for a served mock API: `serve`
 * loads them, and so does `run --serve` (issue 47), so a run meets the API `serve` answers.
 */
import { RULES_FILE } from '../contract/rules-api.js';
import type { RouteTable } from '../http/route-table.js';
import { rulesLoadError } from '../rules/rules-load-error.js';

/** The project's rules, or the load error of a file that does not load. */
export async function loadRules(root: string, table: RouteTable) {
  const { RulesHost } = await import('../rules/rules-host.js');
  const host = new RulesHost(root, table);
  const { problems } = await host.load();
  if (problems) throw rulesLoadError(RULES_FILE, problems);
  return host;
}
