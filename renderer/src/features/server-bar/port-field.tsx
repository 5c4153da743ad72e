import { useEffect, useState } from 'react';

import { serverSelectors, useServerStore } from '../../stores/server-store';

/** The mock API's port: type a new one and press Enter to move the server there. */
export function PortField() {
  const port = useServerStore(serverSelectors.port);
  const changePort = useServerStore((s) => s.changePort);
  const [text, setText] = useState('');
  useEffect(() => setText(port === null ? '' : String(port)), [port]);
  const valid = /^\d{1,5}$/.test(text) && Number(text) > 0 && Number(text) < 65536;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && Number(text) !== port) void changePort(Number(text));
      }}
      style={{ display: 'flex', alignItems: 'center', gap: 6 }}
    >
      <label htmlFor="server-port" className="faint">
        Port
      </label>
      <input
        id="server-port"
        className="input mono port-field"
        inputMode="numeric"
        value={text}
        aria-invalid={!valid}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => setText(port === null ? '' : String(port))}
      />
    </form>
  );
}
