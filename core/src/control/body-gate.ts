/**
 * Issue 43: the control server's check of a JSON body before its handler runs: the body's
 * line of `CONTROL_BODIES` (a schema, compiled once by Ajv), and, when that refuses it, the
 * operation's own check too, so one 422 names every problem (CONTRACT §4), in the order the
 * body holds them. A record body is left to the model's validator, as the mock API's is.
 */
import type { ControlOperationName } from '../contract/control-api.js';
import { type BodyRule, CONTROL_BODIES, MODEL_BODY } from '../contract/control-bodies.js';
import { bodyProblem, checkBody, inDocumentOrder } from '../validation/body-check.js';
import type { ControlRoute } from './control-route.js';

/** The rule `operation`'s body is checked by here, if its body is not a model's (or none). */
export function bodyRuleOf(operation: ControlOperationName): BodyRule | undefined {
  const rule = (CONTROL_BODIES as Partial<Record<string, BodyRule | typeof MODEL_BODY>>)[operation];
  return rule === undefined || rule === MODEL_BODY ? undefined : rule;
}

/** Throws the 422 `body` earns under `rule` (and `check`); returns when it passes. */
export async function gateBody(
  rule: BodyRule,
  body: unknown,
  check: ControlRoute['check'],
): Promise<void> {
  const found = checkBody(rule.schema, body);
  if (found.length === 0) return;
  // The operation's own findings first: at one place, what it says is the more precise. A
  // body wrong as a whole (not an object) has nothing more to say.
  const whole = found.some((f) => f.pointer === '');
  const more = check === undefined || whole ? [] : await check(body);
  const problem = bodyProblem(rule.title, inDocumentOrder([...more, ...found], body), rule.fields);
  if (problem !== undefined) throw problem;
}
