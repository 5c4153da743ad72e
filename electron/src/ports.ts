import net from 'node:net';

/** Whether a TCP port can be bound on `host` right now. */
export type PortProbe = (port: number, host: string) => Promise<boolean>;

export interface PortPlan {
  apiPort: number;
  controlPort: number;
  /** The ports asked for that were busy (0, "any free port", is never busy). */
  busy: { api?: number; control?: number };
}

/**
 * Keeps the ports asked for when they are free and falls back to 0 (a free port chosen by the
 * system at listen time) when they are busy, so a second studio or another server on 3000 never
 * stops the app from opening. The caller says so in the UI with {@link portNotes}.
 */
export async function planPorts(
  wanted: { apiPort: number; controlPort: number; host: string },
  isFree: PortProbe,
): Promise<PortPlan> {
  const plan: PortPlan = { apiPort: wanted.apiPort, controlPort: wanted.controlPort, busy: {} };
  if (wanted.apiPort !== 0 && !(await isFree(wanted.apiPort, wanted.host))) {
    plan.apiPort = 0;
    plan.busy.api = wanted.apiPort;
  }
  if (wanted.controlPort !== 0 && !(await isFree(wanted.controlPort, wanted.host))) {
    plan.controlPort = 0;
    plan.busy.control = wanted.controlPort;
  }
  return plan;
}

/** One short sentence per port that moved, naming where it went (shown in the window title). */
export function portNotes(
  plan: PortPlan,
  urls: { apiUrl: string | null; controlUrl: string },
): string[] {
  const notes: string[] = [];
  if (plan.busy.api !== undefined && urls.apiUrl !== null) {
    notes.push(`port ${plan.busy.api} was busy, the mock API is on ${portOf(urls.apiUrl)}`);
  }
  if (plan.busy.control !== undefined) {
    notes.push(`port ${plan.busy.control} was busy, the studio is on ${portOf(urls.controlUrl)}`);
  }
  return notes;
}

function portOf(url: string): string {
  const parsed = new URL(url);
  return parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
}

/** Binds and releases the port: the only reliable test of "free" (EADDRINUSE, EACCES). */
export const isPortFree: PortProbe = (port, host) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
