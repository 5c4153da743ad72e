/** Starts the studio: reads the control endpoint, then renders the app (or why it cannot). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { connect } from './api';
import { App } from './app';
import { controlEndpoint, desktopOutgoing } from './bridge';
import { NoToken } from './features/project/no-token';
import { keepTabsPerProject } from './stores/collection/project-tabs';
import { setOutgoingBridge } from './stores/console/deliver';
import { startStudio } from './stores/events/events';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const endpoint = await controlEndpoint();
  if (!endpoint) {
    root.render(<NoToken />);
    return;
  }
  startStudio(connect(endpoint.url, endpoint.token));
  // Issue 30: the desktop app's Console reaches other hosts through its main process.
  setOutgoingBridge(desktopOutgoing());
  // Issue 30: each project's Console tabs, as they were left.
  keepTabsPerProject();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
