/**
 * Issue 47: how `decorest run` sends a request: the Console's own way out from the core
 * (send-outgoing.ts: any http(s) host, multipart files read from the project, the answer's body
 * kept up to `OUTGOING_BODY_LIMIT` and the rest counted, never held), with the run's timeout.
 * A path (`/todos`) goes to `{{baseUrl}}` (the mock API `--serve` started, or the environment's).
 */
import type { AnswerForAssertions } from '../../contract/assertions.js';
import { OUTGOING_BODY_LIMIT } from '../../contract/outgoing-api.js';
import { outgoingOf } from '../../contract/request-plan.js';
import type { RunTransport } from '../../contract/request-run.js';
import { hasScheme } from '../../contract/request-url.js';
import { sizeInWords } from '../../contract/sizes.js';
import { checkOutgoingRequest, sendOutgoing } from '../send-outgoing.js';

export interface NodeTransportOptions {
  projectDir: string;
  /** Where a path goes; undefined: a path cannot be sent (the run refuses it before). */
  baseUrl: string | undefined;
  timeoutMs: number;
}

/** `url` made absolute: a path (`/todos`, or `todos`) on `baseUrl`. */
export function absoluteUrl(url: string, baseUrl: string | undefined): string {
  const trimmed = url.trim();
  if (hasScheme(trimmed)) return trimmed;
  if (baseUrl === undefined)
    throw new Error(
      `${trimmed} is a path on the mock API: pass --serve, or give baseUrl a value (the environment, or DECOREST_VAR_baseUrl)`,
    );
  return `${baseUrl.replace(/\/+$/, '')}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`;
}

export function nodeTransport(options: NodeTransportOptions): RunTransport {
  return async (request, signal) => {
    const { headers, body } = outgoingOf(request);
    const checked = checkOutgoingRequest({
      method: request.method,
      url: absoluteUrl(request.url, options.baseUrl),
      headers,
      body,
      timeoutMs: options.timeoutMs,
    });
    const answer = await sendOutgoing(checked, {
      projectDir: options.projectDir,
      ...(signal ? { signal } : {}),
    });
    const out: AnswerForAssertions = {
      status: answer.status,
      headers: answer.headers,
      // A binary body is no text to test: its size is what there is to say (as the Console).
      body:
        answer.bodyEncoding === 'base64'
          ? `(binary body, ${answer.size} bytes${answer.truncated ? ', cut' : ''})`
          : answer.body,
      timeMs: Math.round(answer.timeMs),
    };
    if (answer.truncated) out.cutAt = sizeInWords(OUTGOING_BODY_LIMIT);
    return out;
  };
}
