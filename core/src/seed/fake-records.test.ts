/**
 * Fake records (issue 16) follow the schema: formats, names, ranges, lengths, patterns, enums,
 * recent dates, parents that exist; the same seed gives the same values; a required parent
 * with no records is a 409; what is written is served by the mock API.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { HttpProblem } from '../errors.js';
import { jsonRequest } from '../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../test-support/project-server.js';
import { fakeRecords, findModel } from './fake-records.js';

const FIXTURE = new URL('./fixtures/rules', import.meta.url).pathname;

let served: ServedProject;
beforeEach(async () => {
  served = await serveCopy(FIXTURE);
});
afterEach(async () => {
  await served.dispose();
});

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const DAY = 24 * 3600 * 1000;

describe('fakeRecords', () => {
  it('picks values by format, name, rule and type, and parents that exist', async () => {
    const teams = await fakeRecords(findModel(served.project, 'teams'), 5, 1);
    const teamIds = teams.map((t) => t.id);
    for (const t of teams) expect(String(t['name']).length).toBeGreaterThanOrEqual(3);
    for (const t of teams) expect(String(t['name']).length).toBeLessThanOrEqual(12);

    const members = await fakeRecords(findModel(served.project, 'Member'), 300, 2);
    expect(members).toHaveLength(300);
    const now = Date.now();
    const roles = new Set<unknown>();
    for (const m of members) {
      expect(typeof m.id).toBe('string');
      expect(m['contact']).toMatch(EMAIL);
      expect(m['email']).toMatch(EMAIL);
      expect(m['firstName']).toMatch(/^[A-Z]/);
      expect(Number.isInteger(m['age'])).toBe(true);
      expect(m['age']).toBeGreaterThanOrEqual(21);
      expect(m['age']).toBeLessThanOrEqual(30);
      expect(m['ratio']).toBeGreaterThanOrEqual(0.5);
      expect(m['ratio']).toBeLessThanOrEqual(0.75);
      const created = Date.parse(String(m['createdAt']));
      expect(created).toBeGreaterThan(now - 367 * DAY);
      expect(created).toBeLessThanOrEqual(now);
      expect(['admin', 'editor', 'viewer']).toContain(m['role']);
      roles.add(m['role']);
      expect(m['badge']).toMatch(/^[A-Z]{3}-[0-9]{4}$/);
      if (m['homepage'] !== undefined) expect(String(m['homepage'])).toMatch(/^https?:\/\//);
      expect(Array.isArray(m['tags'])).toBe(true);
      expect(m['note'] === null || typeof m['note'] === 'string').toBe(true);
      expect(teamIds).toContain(m['team']);
    }
    expect(roles.size).toBe(3);
    expect(members.some((m) => m['homepage'] === undefined)).toBe(true);
    expect(members.some((m) => m['note'] === null)).toBe(true);
    const listed = await jsonRequest(served.url, 'GET', '/members?limit=1000');
    expect((listed.json as unknown[]).length).toBe(300);
  });

  it('gives the same values for the same seed and data', async () => {
    await fakeRecords(findModel(served.project, 'Team'), 3, 9);
    const model = findModel(served.project, 'Member');
    const strip = (rs: { id: unknown }[]) => rs.map(({ id: _id, ...rest }) => rest);
    const a = strip(await fakeRecords(model, 50, 123));
    const b = strip(await fakeRecords(model, 50, 123));
    const c = strip(await fakeRecords(model, 50, 124));
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('refuses a model whose required parent has no records, writing nothing', async () => {
    const error = await fakeRecords(findModel(served.project, 'Member'), 10).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpProblem);
    expect((error as HttpProblem).status).toBe(409);
    expect((error as HttpProblem).detail).toMatch(/fake some teams first/);
    expect((await jsonRequest(served.url, 'GET', '/members')).json).toEqual([]);
  });
});
