/** Starts the studio: reads the control endpoint, then renders the app (or why it cannot). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { connect } from './api';
import { App } from './app';
import { controlEndpoint } from './bridge';
import { NoToken } from './features/project/no-token';
import { startStudio } from './stores/events/events';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const endpoint = await controlEndpoint();
  if (!endpoint) {
    root.render(<NoToken />);
    return;
  }
  startStudio(connect(endpoint.url, endpoint.token));
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
