/** Console: history on the left, the request and the answer side by side. */
import { type CSSProperties, useEffect, useRef, useState } from 'react';

import { useCollectionStore } from '../../stores/collection/collection-store';
import { useConsoleStore } from '../../stores/console/console-store';
import { type RunSource, type RunTarget, useFolderRunStore } from '../../stores/console/folder-run';
import { inAFreeTab } from '../../stores/console/open-in-tab';
import { consoleVariables } from '../../stores/console/request-variables';
import { useModelsStore } from '../../stores/models/models-store';
import { useProjectStore } from '../../stores/project/project-store';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { PaneResizer, usePaneWidth } from '../../ui/pane-resizer';
import { CollectionPane, SaveRequestDialog } from './collection-pane';
import { ConsoleTabs, openNewTab } from './console-tabs';
import { parseCurl, toCurl } from './curl';
import { curlOf } from './curl-of';
import { RequestContext } from './request-context';
import { RequestLine, RequestPane, useSend } from './request-pane';
import { ResponsePane } from './response-pane';
import { RunFolderDialog } from './run-folder-dialog';

import './console.css';
import './request-parts.css';

function PasteCurlDialog({ onClose }: { onClose(): void }) {
  const [text, setText] = useState('');
  const parsed = parseCurl(text);
  return (
    <Dialog
      title="Paste a curl command"
      onClose={onClose}
      footer={
        <DialogActions
          onDismiss={onClose}
          action={{
            label: 'Fill the form',
            disabled: !parsed,
            onClick: () => {
              if (parsed) inAFreeTab(() => useConsoleStore.getState().loadRequest(parsed));
              onClose();
            },
          }}
        />
      }
    >
      <div className="body">
        <label htmlFor="curl-text" className="block-label">
          curl command
        </label>
        <textarea
          id="curl-text"
          className="input mono curl-text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="curl -X POST http://127.0.0.1:3000/todos -H 'Content-Type: application/json' -d '{…}'"
          autoFocus
        />
        <p className="faint mt-4">
          {text.trim() === ''
            ? 'Method, URL, headers and body are read from -X, -H, -d, -F (a multipart form) and -u (Basic).'
            : parsed
              ? `${parsed.method} ${parsed.url}`
              : 'This is not a curl command with a URL.'}
        </p>
      </div>
    </Dialog>
  );
}

const NOTHING_SAVED: RunSource = { requests: [], problems: [] };

export function ConsoleView() {
  const [pasting, setPasting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  // Long request names need room, as in Bruno; the middle and right panes keep 340px each.
  const side = usePaneWidth('decorest.studio.consoleSideWidth', 230, 180, 400);
  const send = useSend();
  // Run folder and Run collection (issue 47): one runner, one results list.
  const run = (target: RunTarget) =>
    void useFolderRunStore
      .getState()
      .run(
        target,
        useCollectionStore.getState().collection ?? NOTHING_SAVED,
        consoleVariables(
          useConsoleStore.getState().variables,
          {},
          serverSelectors.url(useServerStore.getState()),
        ),
        serverSelectors.url(useServerStore.getState()),
      );
  const routes = useModelsStore((s) => s.routes);
  // Issue 23: on the open project's first route, not the example's `/todos`; another
  // project's routes move a start nobody has touched.
  useEffect(() => useConsoleStore.getState().startAt(routes), [routes]);
  const copyCurl = () => {
    const mockUrl = serverSelectors.url(useServerStore.getState()) ?? 'http://127.0.0.1:3000';
    void navigator.clipboard
      ?.writeText(
        toCurl(
          curlOf(
            useConsoleStore.getState(),
            mockUrl,
            consoleVariables(
              useConsoleStore.getState().variables,
              useConsoleStore.getState().savedValues,
              mockUrl,
            ),
            useProjectStore.getState().status?.root ?? null,
          ),
        ),
      )
      .then(() => {
        setToast('curl command copied');
        setTimeout(() => setToast(null), 1500);
      });
  };
  // Ctrl/Cmd+Enter sends from anywhere in the view (the tab, the page body after a dialog),
  // as in Bruno and Postman; not while a dialog is open over it.
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Issue 30: a new tab. Ctrl/Cmd+T in the desktop app; a browser keeps Ctrl+T for its own
      // tabs, so Alt+T works in both.
      if (e.key.toLowerCase() === 't' && !e.shiftKey && (e.ctrlKey || e.metaKey) !== e.altKey) {
        if (document.querySelector('[role="dialog"]')) return;
        e.preventDefault();
        openNewTab();
        return;
      }
      // Issue 30: Ctrl/Cmd+S saves the open saved request in place, or asks where to save.
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's' && !e.shiftKey) {
        if (document.querySelector('[role="dialog"]')) return;
        e.preventDefault();
        const collection = useCollectionStore.getState();
        if (collection.open) void collection.save();
        else setSaving(true);
        return;
      }
      // defaultPrevented: the body editor's own Mod-Enter has sent it already.
      if (!(e.ctrlKey || e.metaKey) || e.key !== 'Enter' || e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      sendRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="console-view">
      <ConsoleTabs onSaveAs={() => setSaving(true)} />
      <RequestLine onCopyCurl={copyCurl} onPasteCurl={() => setPasting(true)} />
      <RequestContext />
      <div
        className="split console-split"
        style={{ '--console-side': `${side.width}px` } as CSSProperties}
      >
        <CollectionPane
          onSave={() => setSaving(true)}
          onRunFolder={(folder) => run({ folder })}
          onRunCollection={() => run({ folder: '', whole: true })}
        />
        <PaneResizer pane={side} label="Width of saved requests and history" />
        <RequestPane />
        <ResponsePane />
      </div>
      {pasting && <PasteCurlDialog onClose={() => setPasting(false)} />}
      {saving && <SaveRequestDialog onClose={() => setSaving(false)} />}
      <RunFolderDialog onRunAgain={run} />
      {toast && (
        <div className="toast" role="status">
          {toast}
        </div>
      )}
    </div>
  );
}
