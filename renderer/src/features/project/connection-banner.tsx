/**
 * Says so when the studio's event stream is gone: retrying (the studio is down or restarting;
 * shown after a few seconds, so a blip stays quiet) or refused for good (a stale link).
 */
import { useEffect, useState } from 'react';

import { useProjectStore } from '../../stores/project/project-store';

const QUIET_MS = 3000;

export function ConnectionBanner() {
  const stream = useProjectStore((s) => s.stream);
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (stream !== 'reconnecting') return;
    const timer = setTimeout(() => setLate(true), QUIET_MS);
    return () => clearTimeout(timer);
  }, [stream]);
  if (stream === 'closed') {
    return (
      <section className="banner err" role="alert" aria-label="Connection lost">
        <p>
          <strong>Lost the connection to the studio.</strong> Live updates have stopped. If{' '}
          <code>decorest studio</code> was restarted, open the new link it printed (each launch has
          its own token).
        </p>
      </section>
    );
  }
  if (stream === 'reconnecting' && late) {
    return (
      <section className="banner warn" role="status" aria-label="Reconnecting">
        <p>
          <span className="spinner" aria-hidden="true" />{' '}
          <strong>Reconnecting to the studio…</strong> Is <code>decorest studio</code> still
          running? What you see may be out of date until it answers again.
        </p>
      </section>
    );
  }
  return null;
}
