/**
 * A problem (RFC 9457, with the API's field errors) as every view shows it: its title, its
 * detail, then each field error with the field named (CONTRACT §4 reports all at once). One
 * component, so a 422 reads the same in a dialog, a banner and the Data view.
 */
import type { ReactNode } from 'react';

import type { Problem } from '../api';

import './problem-view.css';

export interface ProblemViewProps {
  /** A problem the API answered, or the words of one found before anything was sent. */
  problem: Problem | string;
  /**
   * `banner`: the error banner (above the grid, in a dialog); `form`: red text under a form's
   * fields, "Title: detail".
   */
  look?: 'banner' | 'form';
  /** Classes added to the outer element (`inline` for a banner inside a dialog). */
  className?: string;
  /** The accessible name, where a test or a screen reader looks the alert up by it. */
  label?: string;
  /** Words in place of the problem's detail, where the view knows better (no seed folder). */
  detail?: ReactNode;
  /** Words in place of title, detail and field errors, where the view says it all itself. */
  describe?(problem: Problem): ReactNode;
  /** How many field errors are listed (the rest are counted); 0 where the fields show them. */
  maxErrors?: number;
  /** After the text: a dismiss button. */
  children?: ReactNode;
}

function FieldErrors({ problem, max }: { problem: Problem; max: number }) {
  const errors = problem.errors ?? [];
  if (max === 0 || errors.length === 0) return null;
  return (
    <ul className="problem-list">
      {errors.slice(0, max).map((e, i) => (
        <li key={i}>
          <code>{e.field}</code> {e.message}
        </li>
      ))}
      {errors.length > max && <li className="faint">… and {errors.length - max} more</li>}
    </ul>
  );
}

export function ProblemView({
  problem,
  look = 'banner',
  className,
  label,
  detail,
  describe,
  maxErrors = 200,
  children,
}: ProblemViewProps) {
  const classes = (base: string) => (className ? `${base} ${className}` : base);
  let text: ReactNode;
  if (typeof problem === 'string') text = problem;
  else if (describe) text = describe(problem);
  else {
    // A problem whose detail only repeats its title says it once.
    const said = detail ?? (problem.detail !== problem.title ? problem.detail : null);
    text = (
      <>
        <strong>{problem.title}</strong>
        {said ? (look === 'form' ? ': ' : ' ') : null}
        {said}
      </>
    );
  }
  // A view that words the problem itself (`describe`) has said its field errors too.
  const list =
    typeof problem === 'string' || describe ? null : (
      <FieldErrors problem={problem} max={maxErrors} />
    );
  if (look === 'form') {
    return (
      <div className={classes('problem-text')} role="alert" aria-label={label}>
        {text}
        {list}
        {children}
      </div>
    );
  }
  return (
    <div className={classes('banner err')} role="alert" aria-label={label}>
      <div className="problem-body">
        <p>{text}</p>
        {list}
      </div>
      {children}
    </div>
  );
}
