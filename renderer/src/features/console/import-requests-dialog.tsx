/**
 * Import… in the Saved tab (issue 30): a Postman collection v2.1 (.json), a `.http` file
 * (VS Code REST Client, JetBrains) or a Bruno collection folder becomes saved requests and
 * environments in the project. Afterwards it lists what came in and, as Bruno's and Postman's
 * importers do, what did not and why; a file that does not read names the line or JSON pointer
 * and says nothing was written.
 */
import { useEffect, useRef } from 'react';

import type { ImportRequestsResult } from '../../api';
import { useRequestImportStore } from '../../stores/collection/import-actions';
import { IMPORT_FILE_ACCEPT } from '../../stores/collection/import-source';
import { MethodBadge } from '../../ui/badges';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';

const FORMATS: Record<string, string> = {
  postman: 'Postman collection',
  'postman-environment': 'Postman environment',
  bruno: 'Bruno collection',
  http: '.http file',
};

function ImportResult({ result }: { result: ImportRequestsResult }) {
  const where = result.folder ? `requests/${result.folder}/` : 'requests/';
  const n = result.imported.length;
  return (
    <section className="import-result" aria-label="Import result">
      <p role="status" className="banner ok inline">
        {n} request{n === 1 ? '' : 's'} imported from a {FORMATS[result.format] ?? result.format}{' '}
        into <code>{where}</code>
        {result.environments.length > 0 &&
          `, with ${result.environments.length} environment${result.environments.length === 1 ? '' : 's'}`}
        .
      </p>
      {n > 0 && (
        <>
          <h3 className="section-title">Requests</h3>
          <ul className="import-list" aria-label="Imported requests">
            {result.imported.map((e) => (
              <li key={e.path}>
                <MethodBadge method={e.request.method} />
                <span>{e.request.name}</span>
                <code className="faint">{e.folder}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {result.environments.length > 0 && (
        <>
          <h3 className="section-title">Environments</h3>
          <ul className="import-list" aria-label="Imported environments">
            {result.environments.map((e) => (
              <li key={e.path}>
                <span>{e.environment.name}</span>
                <span className="faint">
                  {e.environment.variables.length} variable
                  {e.environment.variables.length === 1 ? '' : 's'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {result.skipped.length > 0 && (
        <>
          <h3 className="section-title">Not imported</h3>
          <ul className="import-list skipped" aria-label="Not imported">
            {result.skipped.map((s, i) => (
              <li key={i}>
                <strong>{s.item}</strong>
                <span className="faint">{s.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function ImportRequestsDialog({ onClose }: { onClose(): void }) {
  const phase = useRequestImportStore((s) => s.phase);
  const source = useRequestImportStore((s) => s.source);
  const result = useRequestImportStore((s) => s.result);
  const error = useRequestImportStore((s) => s.error);
  const pending = useRequestImportStore((s) => s.pending);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  useEffect(() => useRequestImportStore.getState().reset(), []);
  const busy = phase !== 'idle';
  const actions = useRequestImportStore.getState();
  return (
    <Dialog
      title="Import requests"
      onClose={onClose}
      size={result ? 'wide' : undefined}
      footer={<DialogActions dismiss={result ? 'Done' : 'Cancel'} onDismiss={onClose} />}
    >
      <div className="body stack import-requests">
        <p className="mt-0">
          Requests and environments from another client become files in the project, under{' '}
          <code>requests/</code> and <code>environments/</code>.
        </p>
        <div className="import-sources">
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            Choose a file…
          </button>
          <span className="faint">
            Postman collection v2.1 or environment (.json), or a .http file
          </span>
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => folderInput.current?.click()}
          >
            Choose a Bruno folder…
          </button>
          <span className="faint">
            The folder with <code>bruno.json</code>: its <code>.bru</code> requests and environments
          </span>
        </div>
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="Collection file"
          accept={IMPORT_FILE_ACCEPT}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void actions.importFile(file);
          }}
        />
        <input
          // `webkitdirectory` is not in React's types: set on the element itself.
          ref={(el) => {
            folderInput.current = el;
            el?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          hidden
          multiple
          aria-label="Bruno collection folder"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) void actions.importFolder(files);
          }}
        />
        {busy && (
          <p role="status" className="import-busy">
            <span className="spinner" aria-hidden="true" />
            {phase === 'reading' ? 'Reading' : 'Importing'} {source}…
          </p>
        )}
        {error && pending && (
          <div
            role="alert"
            aria-label="Collection there already"
            className="banner warn inline import-again"
          >
            <p className="m-0">
              {error.detail.replace(/: import again.*$/, '')}. Replace it to put the collection
              there, its saved requests deleted first (a file of yours that is no request stays), or
              import a copy beside it. An environment you changed since is never written over.
              Nothing is written until you choose.
            </p>
            <div className="import-choice mt-6">
              <button
                type="button"
                className="btn small"
                onClick={() => void actions.resolve('replace')}
              >
                Replace it
              </button>
              <button
                type="button"
                className="btn small"
                autoFocus
                onClick={() => void actions.resolve('copy')}
              >
                Import a copy
              </button>
            </div>
          </div>
        )}
        {error && !pending && (
          <ProblemView
            problem={error}
            className="inline"
            label="Import problem"
            detail={
              <>
                {error.detail !== error.title && `${error.detail} `}
                <span className="problem-note">
                  Nothing was imported from <code>{source}</code>.
                </span>
              </>
            }
          />
        )}
        {result && <ImportResult result={result} />}
      </div>
    </Dialog>
  );
}
