/** Issue 30: the auth helper, Bearer or Basic; it adds the Authorization header at Send. */
import { useId, useState } from 'react';

import type { RequestAuth } from '../../api';
import { useConsoleStore } from '../../stores/console/console-store';

export function AuthSection() {
  const id = useId();
  const auth = useConsoleStore((s) => s.auth);
  const { setAuth } = useConsoleStore.getState();
  const [shown, setShown] = useState(false);
  const choose = (kind: RequestAuth['kind']) =>
    setAuth(
      kind === 'bearer'
        ? { kind, token: '' }
        : kind === 'basic'
          ? { kind, username: '', password: '' }
          : { kind: 'none' },
    );
  return (
    <section className="req-section" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h3 className="section-title" id={`${id}-title`}>
          Auth
        </h3>
        <label className="sr-only" htmlFor={`${id}-kind`}>
          Auth kind
        </label>
        <select
          id={`${id}-kind`}
          className="select"
          value={auth.kind}
          onChange={(e) => choose(e.target.value as RequestAuth['kind'])}
        >
          <option value="none">No auth</option>
          <option value="bearer">Bearer token</option>
          <option value="basic">Basic</option>
        </select>
        {auth.kind !== 'none' && (
          <span className="faint">
            sends <code>Authorization</code>, over a header row of that name
          </span>
        )}
      </div>
      {auth.kind === 'bearer' && (
        <div className="auth-row">
          <label htmlFor={`${id}-token`}>Token</label>
          <input
            id={`${id}-token`}
            className="input mono"
            value={auth.token}
            placeholder="{{token}}"
            spellCheck={false}
            onChange={(e) => setAuth({ kind: 'bearer', token: e.target.value })}
          />
        </div>
      )}
      {auth.kind === 'basic' && (
        <div className="auth-row">
          <label htmlFor={`${id}-user`}>Username</label>
          <input
            id={`${id}-user`}
            className="input mono"
            value={auth.username}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setAuth({ ...auth, username: e.target.value })}
          />
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            className="input mono"
            type={shown ? 'text' : 'password'}
            value={auth.password}
            autoComplete="off"
            onChange={(e) => setAuth({ ...auth, password: e.target.value })}
          />
          {/* A toggle keeps its name ("Show password"); aria-pressed and its style say it is on. */}
          <button
            type="button"
            className="btn small ghost"
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            Show<span className="sr-only"> password</span>
          </button>
        </div>
      )}
    </section>
  );
}
