import { ControlError, type Problem } from '../../api';

/** Any thrown value as a problem the UI can show (title, detail, field errors). */
export function problemOf(error: unknown): Problem {
  if (error instanceof ControlError) return error.problem;
  const detail = error instanceof Error ? error.message : String(error);
  return {
    type: 'about:blank',
    title: 'Something went wrong',
    status: 0,
    detail,
    message: detail,
    instance: '',
  };
}
