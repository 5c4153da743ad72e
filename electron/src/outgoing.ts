/**
 * Issue 30: the main process's side of the bridge's `sendOutgoing`: the core sends the request
 * (its checks, its problems, the exchange in Traffic) and the answer crosses IPC as a value,
 * since a thrown error crossing IPC keeps only its message, not the problem the page shows.
 * Each request in flight is known by the page's id, so `cancelOutgoing` can abort it.
 */
import type { OutgoingRequest, Problem, Studio } from 'decorest/studio';

import type { OutgoingAnswer } from './bridge.js';

/** The core's problems (`HttpProblem`) carry their RFC 9457 document; anything else does not. */
function problemOf(error: unknown): Problem | undefined {
  const toDocument = (error as { toDocument?: unknown } | null)?.toDocument;
  if (typeof toDocument !== 'function') return undefined;
  return (toDocument as (instance: string) => Problem).call(error, 'outgoing:send');
}

/** The requests on their way, by the page's id. */
const inFlight = new Map<string, AbortController>();

export async function sendOutgoingFor(
  studio: Pick<Studio, 'sendOutgoing'> | undefined,
  request: OutgoingRequest,
  id: string,
): Promise<OutgoingAnswer> {
  if (!studio) throw new Error('the studio is not running');
  // A reused id aborts the request it named: the page sends one request per id.
  inFlight.get(id)?.abort();
  const controller = new AbortController();
  inFlight.set(id, controller);
  try {
    return { ok: true, response: await studio.sendOutgoing(request, controller.signal) };
  } catch (error) {
    const problem = problemOf(error);
    if (problem === undefined) throw error;
    return { ok: false, problem };
  } finally {
    if (inFlight.get(id) === controller) inFlight.delete(id);
  }
}

/** Aborts the request `id`, if it is still on its way. */
export function cancelOutgoingFor(id: string): Promise<void> {
  inFlight.get(id)?.abort();
  inFlight.delete(id);
  return Promise.resolve();
}
