/** A tiny real HTTP server on 127.0.0.1:0 for store tests: records calls, answers by route. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Call {
  method: string;
  url: string;
  auth: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Route = (call: Call, res: ServerResponse) => void;

export async function startTestServer(
  route: Route,
): Promise<{ url: string; calls: Call[]; close(): Promise<void> }> {
  const calls: Call[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const call = {
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        headers: req.headers,
        body,
      };
      calls.push(call);
      res.setHeader('Access-Control-Allow-Origin', '*');
      route(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json',
  });
  res.end(JSON.stringify(value));
}
