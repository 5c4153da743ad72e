/**
 * Issue 30: the main process's side of the bridge's `sendOutgoing`: the core sends the request
 * (its checks, its problems, the exchange in Traffic) and the answer crosses IPC as a value,
 * since a thrown error crossing IPC keeps only its message, not the problem the page shows.
 */
import type { OutgoingRequest, Problem, Studio } from 'decorest/studio';

import type { OutgoingAnswer } from './bridge.js';

/** The core's problems (`HttpProblem`) carry their RFC 9457 document; anything else does not. */
function problemOf(error: unknown): Problem | undefined {
  const toDocument = (error as { toDocument?: unknown } | null)?.toDocument;
  if (typeof toDocument !== 'function') return undefined;
  return (toDocument as (instance: string) => Problem).call(error, 'outgoing:send');
}

export async function sendOutgoingFor(
  studio: Pick<Studio, 'sendOutgoing'> | undefined,
  request: OutgoingRequest,
): Promise<OutgoingAnswer> {
  if (!studio) throw new Error('the studio is not running');
  try {
    return { ok: true, response: await studio.sendOutgoing(request) };
  } catch (error) {
    const problem = problemOf(error);
    if (problem === undefined) throw error;
    return { ok: false, problem };
  }
}
