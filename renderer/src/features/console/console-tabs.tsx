/**
 * Issue 30: the Console's open requests, one tab each (a list of buttons rather than an ARIA
 * tablist: each tab has its own close button, which a `tab` may not hold). A tab shows its
 * saved name or its method and URL, and a dot while it has unsaved changes; closing one with
 * unsaved changes asks first.
 */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';

import {
  type OpenRequest,
  snapshotOf,
  useCollectionStore,
} from '../../stores/collection/collection-store';
import type { TabState } from '../../stores/console/console-state';
import { useConsoleStore } from '../../stores/console/console-store';
import { isBlankTab } from '../../stores/console/open-in-tab';
import { pickTab } from '../../stores/console/tabs-slice';
import { Dialog } from '../../ui/dialog';

interface TabView {
  id: string;
  title: string;
  method: string;
  unsaved: boolean;
  /** Its request is a saved file (else Save… asks for a name and a folder). */
  saved: boolean;
  active: boolean;
}

/**
 * Whether a tab holds what closing it would lose: a saved request's edits since it was opened
 * or saved; a request opened from elsewhere, once edited; a tab begun empty, once typed in
 * (an answer alone is not lost work: History keeps it).
 */
function isUnsaved(state: TabState, open: OpenRequest | undefined): boolean {
  if (open) return open.snapshot !== snapshotOf(state);
  if (state.baseline !== null) return state.baseline !== snapshotOf(state);
  return !isBlankTab({ ...state, response: null });
}

function titleOf(state: TabState, open: OpenRequest | undefined): string {
  if (open) return open.entry.request.name;
  return state.url ? state.url : 'New request';
}

/** Every tab as the strip shows it, compared as text so typing re-renders only on change. */
function useTabViews(): TabView[] {
  const openByTab = useCollectionStore((s) => s.openByTab);
  const text = useConsoleStore((s) =>
    JSON.stringify(
      s.tabs.map((t) => {
        const state = t.id === s.activeTab ? pickTab(s) : t.state!;
        const open = openByTab[t.id];
        return {
          id: t.id,
          title: titleOf(state, open),
          method: state.method,
          unsaved: isUnsaved(state, open),
          saved: open !== undefined,
          active: t.id === s.activeTab,
        };
      }),
    ),
  );
  return JSON.parse(text) as TabView[];
}

/** A new tab, its URL field ready to type in (as in Bruno and Postman). */
export function openNewTab(): void {
  useConsoleStore.getState().newTab();
  requestAnimationFrame(() => document.getElementById('console-url')?.focus());
}

export function ConsoleTabs({ onSaveAs }: { onSaveAs(): void }) {
  const tabs = useTabViews();
  const strip = useRef<HTMLUListElement>(null);
  const active = tabs.find((t) => t.active)?.id;
  // The shown tab stays in view, a new one past the strip's edge included.
  useEffect(() => {
    strip.current
      ?.querySelector('.req-tab.active')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, tabs.length]);
  const [closing, setClosing] = useState<TabView | null>(null);
  const { switchTab, closeTab } = useConsoleStore(
    useShallow((s) => ({ switchTab: s.switchTab, closeTab: s.closeTab })),
  );
  const close = (tab: TabView) => (tab.unsaved ? setClosing(tab) : closeTab(tab.id));
  return (
    <div className="console-tabs">
      <ul className="tab-strip" aria-label="Open requests" ref={strip}>
        {tabs.map((t) => (
          <li key={t.id} className={t.active ? 'req-tab active' : 'req-tab'}>
            <button
              type="button"
              className="req-tab-open"
              aria-current={t.active ? 'true' : undefined}
              title={t.title}
              onClick={() => switchTab(t.id)}
              onAuxClick={(e) => {
                // A middle click closes, as in browsers.
                if (e.button === 1) close(t);
              }}
            >
              <span className={`method ${t.method}`}>{t.method}</span>{' '}
              {/* The space keeps "GET {{baseUrl}}/…" two words in the tab's text and name. */}
              <span className="req-tab-title">{t.title}</span>
              {t.unsaved && (
                <span className="unsaved-dot" title="Unsaved changes">
                  <span className="sr-only">, unsaved changes</span>
                </span>
              )}
            </button>
            <button
              type="button"
              className="req-tab-close"
              aria-label={`Close ${t.title}`}
              title="Close"
              onClick={() => close(t)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn small ghost"
        aria-label="New tab"
        title="New tab (Ctrl+T or Alt+T)"
        onClick={openNewTab}
      >
        +
      </button>
      {closing && (
        <Dialog
          title="Close without saving?"
          onClose={() => setClosing(null)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setClosing(null)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn danger"
                onClick={() => {
                  closeTab(closing.id);
                  setClosing(null);
                }}
              >
                Close without saving
              </button>
              {closing.saved ? (
                <button
                  type="button"
                  className="btn primary"
                  onClick={async () => {
                    // Saved in place from its own tab, then closed; a refusal keeps it open.
                    switchTab(closing.id);
                    const refused = await useCollectionStore.getState().save();
                    if (!refused) closeTab(closing.id);
                    setClosing(null);
                  }}
                >
                  Save and close
                </button>
              ) : (
                <button
                  type="button"
                  className="btn primary"
                  onClick={() => {
                    // Not a file yet: Save… asks where, from its own tab, which stays open.
                    switchTab(closing.id);
                    setClosing(null);
                    onSaveAs();
                  }}
                >
                  Save…
                </button>
              )}
            </>
          }
        >
          <div className="body">
            <p>
              <b>{closing.title}</b>{' '}
              {closing.saved
                ? 'has changes that are not saved to its file.'
                : 'is not saved: Save… keeps it in the project.'}{' '}
              Close the tab anyway?
            </p>
          </div>
        </Dialog>
      )}
    </div>
  );
}
