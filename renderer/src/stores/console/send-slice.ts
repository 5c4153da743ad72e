/**
 * Sending the Console's request (its way out is deliver.ts). Every request sent is kept in the
 * history (localStorage, newest first, bounded). The answer lands in the tab that sent it, shown
 * or not, with the request's assertions checked against it (issue 30) and the values its
 * "Save from answer" rows take from it kept for the next sends (issue 47).
 */
import { captureValues, checkAssertions, fillRequest, readAnswer } from '../../api';
import { HISTORY_LIMIT, type HistoryEntry, readHistory, writeHistory } from './console-history';
import { takesBody } from './console-method';
import type { ConsoleSlice, SendSlice } from './console-state';
import { deliver, type Plan, planRequest } from './deliver';
import { consoleVariables, withDynamicValues } from './request-variables';
import { savedRequestOf, setOfRows } from './saved-request';

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

export const createSendSlice: ConsoleSlice<SendSlice> = (set, get) => ({
  sending: false,
  response: null,
  results: null,
  captures: null,
  error: null,
  history: readHistory(storage),
  controller: null,
  variables: {},
  savedValues: {},
  setVariables: (variables) => set({ variables, savedValues: {} }),
  async sendRequest(mockUrl) {
    const template = get();
    const tab = template.activeTab;
    // Issue 30: the environment's `{{variables}}`, filled in before anything is sent; an
    // unknown one or a cycle refuses the send, named (the request line marks them before).
    // Only the body kind that is sent: what another kind keeps aside is not looked at.
    const kind = template.bodyKind;
    const parts = {
      url: template.url,
      headers: template.headers,
      body: kind === 'json' || kind === 'text' ? template.body : '',
      formFields: kind === 'form-urlencoded' ? template.formFields : [],
      multipartFields: kind === 'multipart' ? template.multipartFields : [],
      auth: template.auth,
    };
    // What earlier answers saved wins over the environment's, as in a run (issue 47).
    const variables = consoleVariables(template.variables, template.savedValues, mockUrl);
    const filled = fillRequest(parts, await withDynamicValues(parts, variables));
    if (!filled.ok) {
      set({ error: filled.error, response: null, results: null, captures: null });
      return;
    }
    const saves = setOfRows(template.saves);
    let plan: Plan;
    try {
      plan = planRequest(
        {
          ...template,
          url: filled.url,
          headers: filled.headers,
          body: filled.body,
          formFields: filled.formFields ?? [],
          multipartFields: filled.multipartFields ?? [],
          auth: filled.auth ?? { kind: 'none' },
          set: saves,
        },
        mockUrl,
      );
    } catch (error) {
      set({ error: (error as Error).message, response: null, results: null, captures: null });
      return;
    }
    template.controller?.abort();
    const own = new AbortController();
    set({ controller: own, sending: true, error: null });
    const entry: HistoryEntry = {
      id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      at: Date.now(),
      method: plan.method,
      // As typed, variables and all: the history replays it under whichever environment.
      url: template.url,
      headers: plan.headers,
      body: takesBody(plan.method) && template.bodyKind !== 'none' ? template.body : '',
      status: null,
      timeMs: null,
      request: savedRequestOf(template, ''),
    };
    try {
      const response = await deliver(plan, own.signal, mockUrl);
      entry.status = response.status;
      entry.timeMs = response.timeMs;
      const assertions = get().tabState(tab)?.assertions ?? template.assertions;
      const reader = readAnswer(response);
      const saved = Object.keys(saves).length > 0 ? captureValues(saves, response, reader) : null;
      get().patchTab(tab, {
        response,
        sending: false,
        results: assertions.length > 0 ? checkAssertions(assertions, response, reader) : null,
        captures: saved?.results ?? null,
      });
      if (saved && Object.keys(saved.values).length > 0)
        set((s) => ({ savedValues: { ...s.savedValues, ...saved.values } }));
    } catch (error) {
      const aborted = own.signal.aborted;
      get().patchTab(tab, {
        sending: false,
        response: null,
        results: null,
        captures: null,
        error: aborted ? 'Request cancelled.' : (error as Error).message,
      });
      if (aborted) return;
    } finally {
      if (get().tabState(tab)?.controller === own) get().patchTab(tab, { controller: null });
    }
    const history = [entry, ...get().history].slice(0, HISTORY_LIMIT);
    writeHistory(storage, history);
    set({ history });
  },
  cancelRequest: () => get().controller?.abort(),
  clearHistory() {
    writeHistory(storage, []);
    set({ history: [] });
  },
  replaceHistory(history) {
    const kept = history.slice(0, HISTORY_LIMIT);
    writeHistory(storage, kept);
    set({ history: kept });
  },
});
