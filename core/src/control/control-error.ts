/**
 * What a failed control call throws: the server's RFC 9457 problem, or one made up when the
 * answer is not a problem document or no answer came. Browser-safe, as the client is.
 */
import type { Problem } from '../contract/control-api.js';

/** A control call that failed: the server's problem, or one made up for a network failure. */
export class ControlError extends Error {
  readonly problem: Problem;
  constructor(problem: Problem, options?: { cause?: unknown }) {
    super(problem.detail || problem.title, options);
    this.name = 'ControlError';
    this.problem = problem;
  }
  get status(): number {
    return this.problem.status;
  }
}

/** The server's problem document, or one built from the status when the body is not one. */
export function toProblem(status: number, path: string, text: string): Problem {
  try {
    const parsed = JSON.parse(text) as Partial<Problem>;
    if (parsed && typeof parsed === 'object' && typeof parsed.title === 'string') {
      const detail = parsed.detail ?? parsed.message ?? parsed.title;
      return {
        type: parsed.type ?? 'about:blank',
        title: parsed.title,
        status: parsed.status ?? status,
        detail,
        message: parsed.message ?? detail,
        instance: parsed.instance ?? path,
        ...(parsed.errors ? { errors: parsed.errors } : {}),
      };
    }
  } catch {
    // not JSON: fall through to a problem named after the status
  }
  const detail = text.trim().slice(0, 200) || `The control API answered ${status}.`;
  return {
    type: 'about:blank',
    title: `HTTP ${status}`,
    status,
    detail,
    message: detail,
    instance: path,
  };
}

export function networkProblem(path: string, cause: unknown): Problem {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const detail = `The studio's control API could not be reached (${reason}).`;
  return {
    type: 'network-error',
    title: 'Control API unreachable',
    status: 0,
    detail,
    message: detail,
    instance: path,
  };
}
