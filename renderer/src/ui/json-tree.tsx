/**
 * A collapsible JSON view that stays responsive on a 5 MB answer: children render only when
 * their parent is open, and long arrays and objects show {@link PAGE} entries at a time.
 */
import { useState } from 'react';

import './json-tree.css';

const PAGE = 100;

function Scalar({ value }: { value: unknown }) {
  if (value === null) return <span className="z">null</span>;
  if (typeof value === 'string') return <span className="s">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="n">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="b">{String(value)}</span>;
  return <span>{String(value)}</span>;
}

/** A few scalars (a 422's `{ field, message }`): shown open at any depth, nothing to wade through. */
function isSmallLeaf(value: object): boolean {
  const values = Object.values(value);
  return values.length <= 6 && values.every((v) => v === null || typeof v !== 'object');
}

function Node({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const composite = value !== null && typeof value === 'object';
  const [open, setOpen] = useState(depth < 2 || (composite && isSmallLeaf(value)));
  const [shown, setShown] = useState(PAGE);
  const key = name === null ? null : <span className="k">{name}: </span>;
  if (!composite) {
    return (
      <li>
        {key}
        <Scalar value={value} />
      </li>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? (value as unknown[]).map((v, i) => [String(i), v])
    : Object.entries(value as object);
  const [openMark, closeMark] = isArray ? ['[', ']'] : ['{', '}'];
  const summary = isArray ? `${entries.length} items` : `${entries.length} keys`;
  return (
    <li>
      <button
        type="button"
        className="toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        aria-label={`${open ? 'Collapse' : 'Expand'} ${name ?? 'root'}`}
      >
        {open ? '▾' : '▸'}
      </button>
      {key}
      {openMark}
      {!open && (
        <span className="faint">
          {' '}
          {summary} {closeMark}
        </span>
      )}
      {open && (
        <>
          <ul>
            {entries.slice(0, shown).map(([k, v]) => (
              <Node key={k} name={isArray ? k : JSON.stringify(k)} value={v} depth={depth + 1} />
            ))}
            {entries.length > shown && (
              <li>
                <button type="button" className="more" onClick={() => setShown(shown + PAGE)}>
                  Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}{' '}
                  remaining
                </button>
              </li>
            )}
          </ul>
          {closeMark}
        </>
      )}
    </li>
  );
}

export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul className="tree tree-root" aria-label={label}>
      <Node name={null} value={value} depth={0} />
    </ul>
  );
}
