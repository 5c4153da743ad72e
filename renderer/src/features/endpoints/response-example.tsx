/**
 * One status's example body. A list's follows the query (issue 48): `GET /authors` answers no
 * books, `?embed=books` answers each author with its books. The document gives the answer to
 * each include query beside the plain one (`x-decorest-examples`); a select above the example
 * chooses which is shown, so the inspector never makes up an answer of its own.
 */
import { useId, useState } from 'react';

import { Example } from './example-box';
import type { QueryVariant } from './inspect/openapi-read';

/** What the example without a query shows: the list as it is stored. */
const PLAIN = '';

export function ResponseExample({
  status,
  example,
  variants = [],
}: {
  status: string;
  example: unknown;
  variants?: readonly QueryVariant[];
}) {
  const [query, setQuery] = useState(PLAIN);
  const id = useId();
  const chosen = variants.find((v) => v.query === query);
  const shown = chosen ? chosen.example : example;
  return (
    <>
      {variants.length > 0 && (
        <div className="example-query">
          <label htmlFor={`${id}-query`}>Example for</label>
          <select
            id={`${id}-query`}
            className="select mono"
            value={chosen ? query : PLAIN}
            aria-describedby={`${id}-what`}
            onChange={(e) => setQuery(e.target.value)}
          >
            <option value={PLAIN}>no query</option>
            {variants.map((v) => (
              <option key={v.query} value={v.query}>
                ?{v.query}
              </option>
            ))}
          </select>
          <span id={`${id}-what`} className="faint">
            {chosen ? chosen.summary : 'No relations: embed= or _expand= adds them'}
          </span>
        </div>
      )}
      <Example label={`Example ${status} body`} value={JSON.stringify(shown, null, 2)} />
    </>
  );
}
