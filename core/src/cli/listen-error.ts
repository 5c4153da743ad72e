import { DecorestError, INTERNAL_ERROR_CODES } from '../errors.js';
import type { CliArgs } from './parse-args.js';

/** A listen failure as one line the user can act on. */
export function listenError(error: unknown, args: Pick<CliArgs, 'host' | 'port'>): DecorestError {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    return new DecorestError(
      INTERNAL_ERROR_CODES.LISTEN_PORT_IN_USE,
      `port ${args.port} is already in use on ${args.host}; pick another with --port`,
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new DecorestError(
      INTERNAL_ERROR_CODES.BAD_HOST,
      `cannot listen on ${args.host}: no such local address`,
    );
  }
  if (code === 'EACCES')
    return new DecorestError(
      INTERNAL_ERROR_CODES.PORT_DENIED,
      `not allowed to listen on port ${args.port}`,
    );
  return new DecorestError(
    INTERNAL_ERROR_CODES.LISTEN_FAILED,
    `cannot listen on ${args.host}:${args.port}: ${String(error)}`,
  );
}
