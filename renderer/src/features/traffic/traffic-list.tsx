/**
 * The exchanges, newest first, as a windowed list: only the rows in view are in the DOM, so a
 * burst of thousands of requests a second costs one small render per flush.
 */
import { useLayoutEffect, useRef, useState } from 'react';

import type { TrafficExchange } from '../../api';
import { formatBytes, formatMs, MethodBadge, StatusBadge, TagBadge } from '../../ui/badges';

const ROW = 28;
const OVERSCAN = 10;

export function TrafficList({
  exchanges,
  selected,
  onSelect,
}: {
  exchanges: TrafficExchange[];
  selected: number | null;
  onSelect(seq: number): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const count = exchanges.length;
  const first = Math.max(0, Math.floor(view.top / ROW) - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.top + view.height) / ROW) + OVERSCAN);
  const rows: TrafficExchange[] = [];
  for (let i = first; i < last; i++) rows.push(exchanges[count - 1 - i]!);
  const move = (delta: number) => {
    const index = exchanges.findIndex((e) => e.seq === selected);
    const pos = index < 0 ? 0 : count - 1 - index + delta;
    const next = exchanges[count - 1 - Math.max(0, Math.min(count - 1, pos))];
    if (next) {
      onSelect(next.seq);
      const el = box.current!;
      const y = (count - 1 - exchanges.indexOf(next)) * ROW;
      if (y < el.scrollTop) el.scrollTop = y;
      else if (y + ROW > el.scrollTop + el.clientHeight) el.scrollTop = y + ROW - el.clientHeight;
    }
  };
  return (
    <div className="traffic-table" role="grid" aria-label="Traffic" aria-rowcount={count + 1}>
      <div role="row" className="traffic-row head" aria-rowindex={1}>
        <span role="columnheader">Time</span>
        <span role="columnheader">Method</span>
        <span role="columnheader">Path</span>
        <span role="columnheader">Status</span>
        <span role="columnheader">Duration</span>
        <span role="columnheader">Size</span>
      </div>
      <div
        ref={box}
        className="traffic-body"
        tabIndex={0}
        role="rowgroup"
        aria-label="Exchanges, newest first. Up and down arrows move the selection."
        onScroll={(e) =>
          setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })
        }
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            move(e.key === 'ArrowDown' ? 1 : -1);
          }
        }}
      >
        <div style={{ height: count * ROW, position: 'relative' }}>
          {rows.map((x, i) => (
            <div
              key={x.seq}
              role="row"
              aria-rowindex={first + i + 2}
              aria-selected={x.seq === selected}
              className="traffic-row"
              style={{ transform: `translateY(${(first + i) * ROW}px)` }}
              onClick={() => onSelect(x.seq)}
            >
              <span role="gridcell" className="faint">
                {new Date(x.time).toLocaleTimeString('en-GB')}
              </span>
              <span role="gridcell">
                <MethodBadge method={x.method} />
              </span>
              <span role="gridcell" className="mono path" title={x.url}>
                <span className="path-text">{x.url}</span>
                {x.tag && <TagBadge tag={x.tag} />}
                {x.rule && (
                  <span className="badge accent" title={`Answered by the rule “${x.rule.name}”`}>
                    rule
                  </span>
                )}
              </span>
              <span role="gridcell">
                <StatusBadge status={x.status} />
              </span>
              <span role="gridcell" className="faint">
                {formatMs(x.durationMs)}
              </span>
              <span role="gridcell" className="faint">
                {formatBytes(x.responseBytes)}
              </span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
