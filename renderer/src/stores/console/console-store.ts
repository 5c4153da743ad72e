/**
 * The request console: one store of two typed slices (zustand's slices pattern; STYLE 6), the
 * request being edited ({@link createRequestSlice}) and its sending ({@link createSendSlice}).
 */
import { create } from 'zustand';

import { takesBody } from './console-method';
import type { ConsoleState } from './console-state';
import { createRequestSlice } from './request-slice';
import { jsonError } from './request-text';
import { createSendSlice } from './send-slice';
import { createTabsSlice } from './tabs-slice';

export type { Row } from './console-method';
export type { ConsoleRequest, ConsoleResponse, ConsoleState } from './console-state';
export { jsonError, resolveUrl } from './request-text';

export const useConsoleStore = create<ConsoleState>()((...a) => ({
  ...createRequestSlice(...a),
  ...createSendSlice(...a),
  ...createTabsSlice(...a),
}));

export const consoleSelectors = {
  /** Null for a method that sends no body: what it would not send cannot be wrong. */
  bodyError: (s: ConsoleState) =>
    takesBody(s.method) && s.bodyKind === 'json' ? jsonError(s.body) : null,
  sendsBody: (s: ConsoleState) => takesBody(s.method),
};
