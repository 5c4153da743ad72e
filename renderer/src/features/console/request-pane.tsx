/** The request being built: method, URL, path and query params, headers, auth, body, tests. */
import { methodChoices } from '../../stores/console/console-method';
import { useConsoleStore } from '../../stores/console/console-store';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import { RowsEditor } from '../../ui/rows-editor';
import { AuthSection } from './auth-editor';
import { BodySection } from './body-editor';
import { parseCurl } from './curl';
import { useExamplePath } from './example-path';
import { SaveFromAnswerSection } from './save-from-answer';
import { TestsSection } from './tests-editor';
import { useSend } from './use-send';

export { useSend } from './use-send';

export function RequestLine({
  onCopyCurl,
  onPasteCurl,
}: {
  onCopyCurl(): void;
  onPasteCurl(): void;
}) {
  const method = useConsoleStore((s) => s.method);
  const url = useConsoleStore((s) => s.url);
  const sending = useConsoleStore((s) => s.sending);
  const { setMethod, setUrl, cancelRequest, loadRequest } = useConsoleStore.getState();
  const base = useServerStore(serverSelectors.url);
  const example = useExamplePath();
  const send = useSend();
  return (
    <form
      className="request-line"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label className="sr-only" htmlFor="console-method">
        Method
      </label>
      <select
        id="console-method"
        className={`select method ${method}`}
        value={method}
        onChange={(e) => setMethod(e.target.value)}
      >
        {methodChoices(method).map((m) => (
          <option key={m}>{m}</option>
        ))}
      </select>
      <label className="sr-only" htmlFor="console-url">
        URL
      </label>
      <input
        id="console-url"
        className="input mono url"
        value={url}
        placeholder={base ? `${example}  or  ${base}${example}` : example}
        spellCheck={false}
        onChange={(e) => setUrl(e.target.value)}
        onPaste={(e) => {
          const text = e.clipboardData.getData('text');
          const parsed = parseCurl(text);
          if (parsed) {
            e.preventDefault();
            loadRequest(parsed);
          }
        }}
        title="A path on the mock API (/todos) or a full URL. Paste a curl command to fill the whole form."
      />
      {sending ? (
        <button type="button" className="btn" onClick={cancelRequest}>
          Cancel
        </button>
      ) : null}
      <button type="submit" className="btn primary" disabled={sending}>
        Send
      </button>
      <span className="faint" aria-hidden="true">
        Ctrl+Enter
      </span>
      <button type="button" className="btn" onClick={onCopyCurl}>
        Copy as curl
      </button>
      <button type="button" className="btn" onClick={onPasteCurl}>
        Paste curl…
      </button>
    </form>
  );
}

export function RequestPane() {
  const query = useConsoleStore((s) => s.query);
  const pathParams = useConsoleStore((s) => s.pathParams);
  const headers = useConsoleStore((s) => s.headers);
  const { setQueryRows, setPathParams, setHeaders } = useConsoleStore.getState();
  return (
    <div className="pane stack" role="region" aria-label="Request">
      {pathParams.length > 0 && (
        <section className="req-section">
          <div className="section-head">
            <h3 className="section-title">Path params</h3>
          </div>
          <RowsEditor label="Path params" rows={pathParams} onChange={setPathParams} fixedNames />
        </section>
      )}
      <section className="req-section">
        <div className="section-head">
          <h3 className="section-title">Query params</h3>
          <span className="faint">kept in step with the URL</span>
        </div>
        <RowsEditor label="Query params" rows={query} onChange={setQueryRows} />
      </section>
      <section className="req-section">
        <div className="section-head">
          <h3 className="section-title" id="headers-title">
            Headers
          </h3>
        </div>
        <RowsEditor label="Headers" rows={headers} onChange={setHeaders} namePlaceholder="Header" />
      </section>
      <AuthSection />
      <BodySection />
      <TestsSection />
      <SaveFromAnswerSection />
    </div>
  );
}
