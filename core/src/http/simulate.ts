/**
 * The request path's behaviour step (issue 16): a matched route's simulated latency, then its
 * simulated failure, drawn from the live {@link ActiveBehaviour}. The proxy applies the global
 * rule the same way before it forwards.
 */
import { problems } from '../errors.js';
import { answerProblem } from './answer-problem.js';
import { delay, type Effect } from './behaviour.js';
import type { Exchange } from './exchange.js';
import type { RouteDefinition } from './types.js';

/** Waits the effect's delay, then answers its failure if it drew one: true when it answered. */
export async function applyEffect(ex: Exchange, effect: Effect): Promise<boolean> {
  if (effect.delayMs > 0) await delay(effect.delayMs);
  if (effect.failStatus === undefined) return false;
  ex.tag = 'simulated';
  ex.rawReq.resume();
  const { method, path } = ex;
  answerProblem(ex.res, problems.simulatedFailure(effect.failStatus, method, path), path);
  return true;
}

/** The behaviour of `route`, when one is set for it: true when a simulated failure answered. */
export async function simulate(ex: Exchange, route: RouteDefinition): Promise<boolean> {
  const effect = ex.behaviour?.effect(route);
  if (effect === undefined) return false;
  ex.tag = 'simulated';
  return applyEffect(ex, effect);
}
