/**
 * The request's body (issue 30): none, JSON, text, form URL-encoded, or multipart with files.
 * Each kind keeps what was typed while another shows, so trying one loses nothing.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';

import type { MultipartField, RequestBodyKind } from '../../api';
import { attachFile } from '../../stores/console/attach-file';
import { consoleSelectors, useConsoleStore } from '../../stores/console/console-store';
import { RowsEditor } from '../../ui/rows-editor';
import { useSend } from './use-send';

const JsonEditor = lazy(() => import('./json-editor'));

const KINDS: [RequestBodyKind, string][] = [
  ['none', 'None'],
  ['json', 'JSON'],
  ['text', 'Text'],
  ['form-urlencoded', 'Form'],
  ['multipart', 'Multipart'],
];

function JsonStatus() {
  const body = useConsoleStore((s) => s.body);
  const bodyError = useConsoleStore(consoleSelectors.bodyError);
  return (
    <>
      <span
        className={bodyError ? 'badge err' : body.trim() ? 'badge ok' : 'faint'}
        role="status"
        title={bodyError ?? undefined}
      >
        {bodyError ? 'Invalid JSON' : body.trim() ? 'Valid JSON' : 'Empty'}
      </span>
      <button
        type="button"
        className="btn small"
        onClick={useConsoleStore.getState().formatBody}
        disabled={bodyError !== null || !body.trim()}
      >
        Format
      </button>
    </>
  );
}

function FileChooser({
  field,
  index,
  onPath,
}: {
  field: Extract<MultipartField, { kind: 'file' }>;
  index: number;
  onPath(path: string, fileName: string): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const label = field.name || `field ${index + 1}`;
  return (
    <>
      <input
        className="input mono"
        value={field.path}
        placeholder="files/photo.png"
        aria-label={`File path of ${label}`}
        title="A file of the project (a path relative to its folder) or an absolute path"
        onChange={(e) => onPath(e.target.value, field.fileName ?? '')}
      />
      <input
        ref={input}
        type="file"
        hidden
        aria-label={`Choose a file for ${label}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setState({ busy: true, error: null });
          attachFile(file).then(
            (path) => {
              setState({ busy: false, error: null });
              onPath(path, file.name);
            },
            (error: unknown) =>
              setState({
                busy: false,
                error: error instanceof Error ? error.message : String(error),
              }),
          );
        }}
      />
      <button
        type="button"
        className="btn small"
        disabled={state.busy}
        onClick={() => input.current?.click()}
      >
        {state.busy ? 'Copying…' : 'Choose file…'}
      </button>
      {state.error && (
        <p className="error-text multipart-error" role="alert">
          {state.error}
        </p>
      )}
    </>
  );
}

function MultipartEditor() {
  const fields = useConsoleStore((s) => s.multipartFields);
  const { setMultipartFields } = useConsoleStore.getState();
  const update = (i: number, next: MultipartField) =>
    setMultipartFields(fields.map((f, j) => (j === i ? next : f)));
  return (
    <div role="group" aria-label="Multipart fields" className="rows-editor multipart">
      {fields.map((f, i) => {
        const label = f.name || `field ${i + 1}`;
        return (
          <div className={`rows-row multipart-row ${f.kind}`} key={i}>
            <input
              type="checkbox"
              checked={f.enabled}
              aria-label={`Send multipart field ${label}`}
              onChange={(e) => update(i, { ...f, enabled: e.target.checked })}
            />
            <input
              className="input mono"
              value={f.name}
              placeholder="name"
              aria-label={`Multipart field name ${i + 1}`}
              onChange={(e) => update(i, { ...f, name: e.target.value })}
            />
            <select
              className="select"
              value={f.kind}
              aria-label={`Kind of ${label}`}
              onChange={(e) =>
                update(
                  i,
                  e.target.value === 'file'
                    ? { kind: 'file', name: f.name, path: '', enabled: f.enabled }
                    : { kind: 'text', name: f.name, value: '', enabled: f.enabled },
                )
              }
            >
              <option value="text">Text</option>
              <option value="file">File</option>
            </select>
            {f.kind === 'text' ? (
              <input
                className="input mono"
                value={f.value}
                placeholder="value"
                aria-label={`Multipart field value ${label}`}
                onChange={(e) => update(i, { ...f, value: e.target.value })}
              />
            ) : (
              <FileChooser
                field={f}
                index={i}
                onPath={(path, fileName) =>
                  update(i, { ...f, path, ...(fileName ? { fileName } : {}) })
                }
              />
            )}
            <button
              type="button"
              className="btn small ghost"
              aria-label={`Remove multipart field ${label}`}
              onClick={() => setMultipartFields(fields.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        );
      })}
      <div className="toolbar compact">
        <button
          type="button"
          className="btn small ghost add-row"
          onClick={() =>
            setMultipartFields([...fields, { kind: 'text', name: '', value: '', enabled: true }])
          }
        >
          + Add field
        </button>
        <button
          type="button"
          className="btn small ghost add-row"
          onClick={() =>
            setMultipartFields([...fields, { kind: 'file', name: '', path: '', enabled: true }])
          }
        >
          + Add file
        </button>
      </div>
    </div>
  );
}

export function BodySection() {
  const id = useId();
  const kind = useConsoleStore((s) => s.bodyKind);
  const body = useConsoleStore((s) => s.body);
  const formFields = useConsoleStore((s) => s.formFields);
  const bodyError = useConsoleStore(consoleSelectors.bodyError);
  const sendsBody = useConsoleStore(consoleSelectors.sendsBody);
  const method = useConsoleStore((s) => s.method);
  const { setBody, setBodyKind, setFormFields } = useConsoleStore.getState();
  const send = useSend();
  if (!sendsBody) {
    // No chooser and no empty editor to type into: nothing here would be sent. A body written
    // under POST is kept aside and comes back with it (console-method.ts).
    return (
      <section className="req-section body-section no-body">
        <div className="section-head">
          <h3 className="section-title">Body</h3>
        </div>
        <p className="faint m-0" role="status">
          A {method.toUpperCase()} request sends no body. Choose POST, PUT or PATCH to write one.
        </p>
      </section>
    );
  }
  return (
    <section className="req-section body-section">
      <div className="section-head">
        <h3 className="section-title">Body</h3>
        <div className="segmented" role="radiogroup" aria-label="Body kind">
          {KINDS.map(([k, label]) => (
            <label key={k} className="segment">
              <input
                type="radio"
                name={`${id}-body-kind`}
                checked={kind === k}
                onChange={() => setBodyKind(k)}
              />
              {label}
            </label>
          ))}
        </div>
        {kind === 'json' && <JsonStatus />}
      </div>
      {kind === 'json' && (
        <>
          <div className="editor-box">
            <Suspense
              fallback={
                <textarea aria-label="Body" className="input mono fill" value={body} readOnly />
              }
            >
              <JsonEditor value={body} label="Body" onChange={setBody} onSubmit={send} />
            </Suspense>
          </div>
          {bodyError && <p className="faint error-text mt-6">{bodyError}</p>}
        </>
      )}
      {kind === 'text' && (
        <textarea
          aria-label="Body"
          className="input mono fill text-body"
          value={body}
          spellCheck={false}
          onChange={(e) => setBody(e.target.value)}
        />
      )}
      {kind === 'form-urlencoded' && (
        <RowsEditor label="Form fields" rows={formFields} onChange={setFormFields} />
      )}
      {kind === 'multipart' && <MultipartEditor />}
      {kind === 'none' && <p className="faint">No body is sent.</p>}
    </section>
  );
}
