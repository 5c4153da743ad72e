import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { serverSelectors, useServerStore } from '../../stores/server/server-store';

/**
 * The mock API's port: type a new one and press Enter to move the server there. A refused
 * port goes back to the one serving (the bar's message names the refused one), selected so
 * the next try is one keystroke away.
 */
export function PortField({ disabled = false }: { disabled?: boolean }) {
  const port = useServerStore(serverSelectors.port);
  const changePort = useServerStore((s) => s.changePort);
  const [text, setText] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setText(port === null ? '' : String(port)), [port]);
  const valid = /^\d{1,5}$/.test(text) && Number(text) > 0 && Number(text) < 65536;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) setHint('A port is a whole number from 1 to 65535.');
        else if (Number(text) !== port)
          void changePort(Number(text)).then((moved) => {
            if (moved) return;
            const serving = serverSelectors.port(useServerStore.getState());
            // Rendered before selecting, or the new value would drop the selection.
            flushSync(() => setText(serving === null ? '' : String(serving)));
            input.current?.select();
          });
      }}
      className="port-form"
    >
      <label htmlFor="server-port" className="faint">
        Port
      </label>
      <input
        id="server-port"
        className="input mono port-field"
        ref={input}
        inputMode="numeric"
        disabled={disabled}
        value={text}
        aria-invalid={!valid}
        aria-describedby={hint ? 'server-port-hint' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setHint(null);
          // A refused port's message is about the last try, not the number being typed.
          if (useServerStore.getState().error) useServerStore.getState().dismissError();
        }}
        onBlur={() => {
          setText(port === null ? '' : String(port));
          setHint(null);
        }}
      />
      {hint && (
        // Under the field, out of the bar's flow: when a click elsewhere blurs the field and
        // the hint goes, nothing under the pointer moves (a Stop click was lost so).
        <span id="server-port-hint" className="badge err port-hint" role="alert">
          {hint}
        </span>
      )}
    </form>
  );
}
