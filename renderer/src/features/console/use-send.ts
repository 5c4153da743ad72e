/** Send the Console's request to the running mock API (the Send button, Ctrl/Cmd+Enter). */
import { useCallback } from 'react';

import { useConsoleStore } from '../../stores/console/console-store';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';

export function useSend(): () => void {
  return useCallback(() => {
    const s = useConsoleStore.getState();
    if (!s.sending) void s.sendRequest(serverSelectors.url(useServerStore.getState()));
  }, []);
}
