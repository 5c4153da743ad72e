import { connect } from 'node:net';

/**
 * HTTP at the byte level, for hostile-input tests: `node:http` and fetch refuse to send what a
 * hostile client sends (NUL in a path, a header without a colon, a lying Content-Length), so
 * these helpers write the request bytes to a socket and read whatever comes back.
 */

/** What came back on one connection. */
export interface RawExchange {
  /** The final (non-1xx) status; 0 when the server closed the connection without answering. */
  status: number;
  /** Lower-cased header names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  /** The parsed body, `undefined` when it is not JSON. */
  json: unknown;
  /** Milliseconds from the first byte sent to the connection's end. */
  ms: number;
}

/** The request line, headers and body as bytes; `headers` are sent exactly as given. */
export function requestBytes(
  method: string,
  target: string,
  headers: readonly (readonly [string, string])[],
  body: Buffer = Buffer.alloc(0),
): Buffer {
  let head = `${method} ${target} HTTP/1.1\r\n`;
  for (const [name, value] of headers) head += `${name}: ${value}\r\n`;
  // latin1: one byte per char, so a test can put any byte (0x00, 0xff) in the head.
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), body]);
}

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses everything a server sent on a `Connection: close` exchange. */
export function parseResponse(data: Buffer, ms: number): RawExchange {
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return { status: 0, headers: {}, body: data, text: '', json: undefined, ms };
    const lines = data.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
    if (status >= 100 && status < 200) {
      at = headEnd + 4; // 100 Continue and friends: the real answer follows
      continue;
    }
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let body = data.subarray(headEnd + 4);
    if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = decodeChunked(body);
    else if (headers['content-length'] !== undefined)
      body = body.subarray(0, Number(headers['content-length']));
    const text = body.toString('utf8');
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status, headers, body, text, json, ms };
  }
}

/** Thrown when no answer came within the time limit: a hang. */
export class NoAnswerError extends Error {}

/**
 * Sends `bytes` on a fresh connection and resolves with what the server sent once it closes
 * the connection (send `Connection: close`). The socket is never half-closed: Node's server
 * aborts a request whose client ended its side early. Rejects with {@link NoAnswerError}
 * after `timeoutMs`.
 */
export function exchange(port: number, bytes: Buffer, timeoutMs = 5_000): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks), performance.now() - started));
    };
    const timer = setTimeout(() => {
      settled = true;
      socket.destroy();
      const got = Buffer.concat(chunks).toString('latin1').slice(0, 200);
      reject(
        new NoAnswerError(`no answer within ${timeoutMs} ms (received: ${JSON.stringify(got)})`),
      );
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', finish);
    // A reset after the answer (the server closed with request bytes unread) is still an answer.
    socket.on('error', finish);
    socket.write(bytes);
  });
}
