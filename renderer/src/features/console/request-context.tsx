/**
 * Above the request (issue 30): the environment whose `{{variables}}` the request uses, the
 * saved request it is (with "unsaved changes" once it differs), and the variables it uses that
 * the environment does not define, named before Send refuses them. Environments… edits them;
 * the resolved URL's hover lists each variable with its value (secrets masked).
 */
import { useEffect, useMemo, useState } from 'react';

import { fillRequest, unknownVariables } from '../../api';
import { collectionSelectors, useCollectionStore } from '../../stores/collection/collection-store';
import { maskSecrets, secretNamesOf, variableHints } from '../../stores/collection/variable-hints';
import { useConsoleStore } from '../../stores/console/console-store';
import { consoleVariables } from '../../stores/console/request-variables';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import { EnvironmentsDialog } from './environments-dialog';

export function RequestContext() {
  const environments = useCollectionStore((s) => s.collection?.environments);
  const environment = useCollectionStore((s) => s.environment);
  const open = useCollectionStore((s) => s.open);
  const url = useConsoleStore((s) => s.url);
  const headers = useConsoleStore((s) => s.headers);
  const body = useConsoleStore((s) => s.body);
  const method = useConsoleStore((s) => s.method);
  const environmentValues = useConsoleStore((s) => s.variables);
  // Issue 47: what earlier answers saved fills in too, over the environment's (as Send does).
  const savedValues = useConsoleStore((s) => s.savedValues);
  const mockUrl = useServerStore(serverSelectors.url);
  const variables = useMemo(
    () => consoleVariables(environmentValues, savedValues, mockUrl),
    [environmentValues, savedValues, mockUrl],
  );
  // Issue 30: every part a variable may hide in, and every part a save keeps.
  const bodyKind = useConsoleStore((s) => s.bodyKind);
  const formFields = useConsoleStore((s) => s.formFields);
  const multipartFields = useConsoleStore((s) => s.multipartFields);
  const auth = useConsoleStore((s) => s.auth);
  const assertions = useConsoleStore((s) => s.assertions);
  const saves = useConsoleStore((s) => s.saves);
  const [editing, setEditing] = useState(false);
  // The entry itself (a stable reference between loads); its secret names are derived below.
  const chosen = environments?.find((e) => e.environment.name === environment);
  useEffect(() => {
    if (!useCollectionStore.getState().collection) void useCollectionStore.getState().load();
  }, []);
  const unknown = useMemo(
    () =>
      unknownVariables(
        {
          url,
          headers,
          body: bodyKind === 'json' || bodyKind === 'text' ? body : '',
          formFields: bodyKind === 'form-urlencoded' ? formFields : [],
          multipartFields: bodyKind === 'multipart' ? multipartFields : [],
          auth,
        },
        variables,
      ),
    [url, headers, body, bodyKind, formFields, multipartFields, auth, variables],
  );
  // Against the request as it is now: "unsaved changes" follows every keystroke.
  const console = {
    method,
    url,
    headers,
    body,
    bodyKind,
    formFields,
    multipartFields,
    auth,
    assertions,
    saves,
  };
  const unsaved =
    open !== null &&
    collectionSelectors.unsaved(useCollectionStore.getState(), {
      ...useConsoleStore.getState(),
      ...console,
    });
  // Shown, not sent: a secret's value reads •••• here and in the hover (Send fills the real one).
  const secrets = useMemo(() => secretNamesOf(chosen), [chosen]);
  const resolvedUrl = useMemo(() => {
    const filled = fillRequest({ url, headers: [], body: '' }, maskSecrets(variables, secrets));
    return filled.ok && filled.url !== url ? filled.url : null;
  }, [url, variables, secrets]);
  const hints = useMemo(() => variableHints(url, variables, secrets), [url, variables, secrets]);
  return (
    <div className="request-context">
      <label htmlFor="console-environment" className="faint">
        Environment
      </label>
      <select
        id="console-environment"
        className="select"
        value={environment}
        onChange={(e) => void useCollectionStore.getState().chooseEnvironment(e.target.value)}
      >
        <option value="">No environment</option>
        {environments?.map((e) => (
          <option key={e.path} value={e.environment.name}>
            {e.environment.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn small"
        aria-haspopup="dialog"
        onClick={() => setEditing(true)}
      >
        Environments…
      </button>
      {environments?.length === 0 && (
        <span className="faint">
          <code>{'{{name}}'}</code> variables come from <code>environments/&lt;name&gt;.json</code>{' '}
          in the project
        </span>
      )}
      {resolvedUrl && (
        <span
          className="faint mono resolved-url"
          title={`The URL with the environment's variables:\n${hints}`}
        >
          → <span aria-label="Resolved URL">{resolvedUrl}</span>
        </span>
      )}
      {unknown.length > 0 && (
        <span className="badge err" role="status">
          Unknown variable{unknown.length > 1 ? 's' : ''}:{' '}
          {unknown.map((n) => `{{${n}}}`).join(', ')}
        </span>
      )}
      <span className="spacer" />
      {open && (
        <span className="saved-name">
          <span className="faint">Saved as</span>{' '}
          <code>
            {open.entry.folder ? `${open.entry.folder}/` : ''}
            {open.entry.request.name}
          </code>
          {unsaved && (
            <span className="badge warn" role="status">
              unsaved changes
            </span>
          )}
        </span>
      )}
      {editing && <EnvironmentsDialog onClose={() => setEditing(false)} />}
    </div>
  );
}
