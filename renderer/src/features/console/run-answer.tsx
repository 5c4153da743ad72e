/**
 * One run result's answer, opened from the results as Bruno's runner shows each response: its
 * headers and its body (JSON laid out), closed until asked for so a long run stays a list.
 */
import { useMemo } from 'react';

import { sizeInWords } from '../../api';
import { ANSWER_KEPT, type RunAnswer } from '../../stores/console/folder-run';

/** The body as shown: JSON indented when it reads as JSON, else the text as it came. */
function shownBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function RunAnswerView({ name, answer }: { name: string; answer: RunAnswer }) {
  const body = useMemo(() => shownBody(answer.body), [answer.body]);
  const size = answer.cutFrom ?? answer.body.length;
  return (
    <details className="run-answer">
      <summary>
        Answer<span className="sr-only"> of {name}</span>{' '}
        <span className="faint">
          {size === 0 ? 'no body' : sizeInWords(size)} · {answer.headers.length} header
          {answer.headers.length === 1 ? '' : 's'}
        </span>
      </summary>
      <table className="plain run-headers" aria-label={`Headers of ${name}`}>
        <tbody>
          {answer.headers.map(([header, value], i) => (
            <tr key={`${header}-${i}`}>
              <th scope="row" className="mono">
                {header}
              </th>
              <td className="mono">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {answer.body !== '' && (
        <pre className="raw run-body" aria-label={`Body of ${name}`} tabIndex={0}>
          {body}
        </pre>
      )}
      {answer.cutFrom !== undefined && (
        <p className="faint m-0">
          The first {ANSWER_KEPT.toLocaleString()} of {answer.cutFrom.toLocaleString()} characters.
        </p>
      )}
    </details>
  );
}
