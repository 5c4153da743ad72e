/**
 * The recorded answers no model answers, as manual routes and response rules (issue 46): a
 * route answering what was recorded last on its path, a rule per query answered otherwise, and
 * a rule on a model's own route for an error it answered (`GET /users/999` → 404). Each rule
 * is checked as the rules file loads it; what cannot be written is a note saying why.
 */
import type { ResponseRule } from '../contract/rules-api.js';
import { checkRules } from '../rules/check-rules.js';
import type { ImportNote, PlannedModel, PlannedRoute } from './import-plan.js';
import { clashes, generatedRoutes } from './route-clash.js';
import {
  plannedRoute,
  queryConditions,
  type RecordedAnswer,
  type RecordedRoute,
  recordedRule,
  sameAnswer,
  unsendable,
} from './traffic-routes.js';

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The routes and rules of the recorded answers no model answers (`routes`), under `basePath`
 * beside `models`; what cannot be written is a note.
 */
export async function planRoutes(
  recorded: Iterable<RecordedRoute>,
  basePath: string,
  models: readonly PlannedModel[],
  notes: ImportNote[],
): Promise<{ routes: PlannedRoute[]; rules: ResponseRule[] }> {
  const routes: PlannedRoute[] = [];
  const rules: ResponseRule[] = [];
  const generated = generatedRoutes(models, basePath);
  const modelPaths = new Set(models.map((m) => `${basePath}/${m.path}`));
  let n = 0;
  const ruleId = () => `recorded-${++n}`;
  for (const route of recorded) {
    const at = `${route.method} ${route.path}`;
    if (basePath !== '' && route.path !== basePath && !route.path.startsWith(`${basePath}/`)) {
      notes.push({
        kind: 'not-imported',
        at,
        text: `not under ${basePath}, where the project serves: not imported`,
      });
      continue;
    }
    const parent = route.path.slice(0, route.path.lastIndexOf('/'));
    if (route.method === 'GET' && modelPaths.has(parent)) {
      // `GET /users/999` answered 404: a rule on the model's own route, for that id.
      const id = decoded(route.path.slice(parent.length + 1));
      if (route.latest.status >= 300) {
        const rule = recordedRule(
          ruleId(),
          `Recorded: ${at} → ${route.latest.status}`,
          'GET',
          `${parent}/:id`,
          [{ part: 'param', name: 'id', matcher: 'equals', value: id }],
          route.latest,
        );
        addRule(rule, route.latest, at, rules, notes);
        continue;
      }
    }
    if (modelPaths.has(route.path) && route.method === 'GET') {
      listRules(route, ruleId, rules, notes);
      continue;
    }
    const planned = plannedRoute(route, `recorded ${at}`);
    if (clashes(planned, generated)) {
      notes.push({
        kind: 'not-imported',
        at,
        text: `the model's own route answers it (${route.count} recorded, answering ${route.latest.status})`,
      });
      continue;
    }
    const why = unsendable(route.latest, false);
    if (why) {
      notes.push({ kind: 'not-imported', at, text: `${why}: not written` });
      continue;
    }
    routes.push(planned);
    variantRules(route, ruleId, rules, notes);
  }
  return { routes, rules: await checkedRules(rules, notes) };
}

/** Rules on a manual route for the queries it answered otherwise than its latest answer. */
function variantRules(
  route: RecordedRoute,
  ruleId: () => string,
  rules: ResponseRule[],
  notes: ImportNote[],
): void {
  const at = `${route.method} ${route.path}`;
  const queries = [...route.variants.keys()];
  const made: ResponseRule[] = [];
  for (const [query, answer] of route.variants) {
    if (query === route.latestQuery || sameAnswer(answer, route.latest)) continue;
    const when = queryConditions(
      query,
      queries.filter((q) => q !== query),
    );
    const label = query === '' ? 'no query' : `?${query}`;
    const rule = recordedRule(
      ruleId(),
      `Recorded: ${at} ${label}`,
      route.method,
      route.path,
      when,
      answer,
    );
    addRule(rule, answer, `${at}?${query}`, made, notes);
  }
  // The most specific first: rules are tried in file order.
  rules.push(...made.sort((a, b) => b.when.length - a.when.length));
  if (route.dropped > 0)
    notes.push({
      kind: 'not-imported',
      at,
      text: `${route.dropped} answers to queries past the first ${route.variants.size}: not imported`,
    });
}

/** A model's list answered an error for some query: a rule for that query. */
function listRules(
  route: RecordedRoute,
  ruleId: () => string,
  rules: ResponseRule[],
  notes: ImportNote[],
): void {
  const at = `${route.method} ${route.path}`;
  for (const [query, answer] of route.variants) {
    if (answer.status < 300 || query === '') {
      notes.push({
        kind: 'not-imported',
        at: query === '' ? at : `${at}?${query}`,
        text: `answered ${answer.status}${answer.json === undefined ? '' : ' with no list of records'}: the model's list answers it`,
      });
      continue;
    }
    const rule = recordedRule(
      ruleId(),
      `Recorded: ${at}?${query} → ${answer.status}`,
      'GET',
      route.path,
      queryConditions(query, []),
      answer,
    );
    addRule(rule, answer, `${at}?${query}`, rules, notes);
  }
}

/** A rule, or the note saying why its answer cannot be one. */
function addRule(
  rule: ResponseRule,
  answer: RecordedAnswer,
  at: string,
  rules: ResponseRule[],
  notes: ImportNote[],
): void {
  const why = unsendable(answer, true);
  if (why) notes.push({ kind: 'not-imported', at, text: `answered ${answer.status}: ${why}` });
  else rules.push(rule);
}

/** The rules that load as written; each one the check refuses is named and left out. */
async function checkedRules(rules: ResponseRule[], notes: ImportNote[]): Promise<ResponseRule[]> {
  if (rules.length === 0) return rules;
  const { problems } = await checkRules({ rules });
  const refused = new Set<number>();
  for (const problem of problems) {
    const index = Number(/^\/rules\/(\d+)/.exec(problem.pointer)?.[1]);
    if (refused.has(index)) continue;
    refused.add(index);
    const rule = rules[index];
    notes.push({
      kind: 'not-imported',
      at: rule ? `${rule.method} ${rule.path}` : problem.pointer,
      text: `rule "${rule?.name ?? ''}" is not written: ${problem.message}`,
    });
  }
  return rules.filter((_, i) => !refused.has(i));
}
