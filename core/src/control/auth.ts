/**
 * The control API's three gates (CONTRACT §8): the per-launch token, the Host header (DNS
 * rebinding) and the Origin header (cross-site requests from any page the user visits).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { AUTH_SCHEME } from '../contract/control-api.js';

/** 256 random bits, URL-safe: fits a URL fragment and a header unescaped. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether `Authorization` carries `token`. Both sides are hashed first so the comparison is
 * constant-time whatever the length sent (`timingSafeEqual` needs equal lengths, and comparing
 * lengths first would leak the token's).
 */
export function tokenMatches(token: string, authorization: string | undefined): boolean {
  if (authorization === undefined) return false;
  const space = authorization.indexOf(' ');
  if (space === -1) return false;
  // RFC 9110 §11.1: the scheme is case-insensitive.
  if (authorization.slice(0, space).toLowerCase() !== AUTH_SCHEME.toLowerCase()) return false;
  return timingSafeEqual(digest(authorization.slice(space + 1).trim()), digest(token));
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The origins the control API's own pages have: its port under each loopback name. */
export function ownOrigins(port: number): Set<string> {
  return new Set(LOOPBACK_NAMES.map((name) => `http://${name}:${port}`));
}

/**
 * DNS rebinding: a page of `evil.example` that re-resolves to 127.0.0.1 still sends
 * `Host: evil.example:<port>`. Only loopback names with this very port pass.
 */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const lower = host.toLowerCase();
  return LOOPBACK_NAMES.some((name) => lower === `${name}:${port}`);
}

/**
 * Browsers send `Origin` on every cross-origin request and on same-origin non-GET ones; a
 * request without one comes from a non-browser client (or a same-origin GET) and is let
 * through to the token check. `null` (sandboxed frames, file: pages) is foreign.
 */
export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  return origin === undefined || allowed.has(origin.toLowerCase());
}
