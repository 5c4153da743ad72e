/**
 * Issue 46: recording a real API in the studio. With a proxy target set in Mock behaviour,
 * Traffic offers a Record switch; on, the server bar says it is recording and what the proxy
 * forwards is recorded; off, the recording's review shows the import preview (models, fields,
 * guesses, records) and Create writes the project beside this one and opens it. Both themes,
 * axe.
 */
import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { themedShots, useStudioSession } from './fixtures.js';
import { BehaviourPage } from './pages/behaviour.page.js';
import { StudioPage as Frame } from './pages/studio.page.js';
import { TrafficPage } from './pages/traffic.page.js';

/** The real API the mock forwards to: paths the todo example does not mock. */
let upstream: Server;
let target: string;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'sid=s3cr3t' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/members')
      return json([
        { id: 1, name: 'Ann Lee', role: 'admin', teamId: 7 },
        { id: 2, name: 'Bo Chen', role: 'viewer' },
      ]);
    if (req.url === '/members/2')
      return json({ id: 2, name: 'Bo Chen', role: 'viewer', since: '2021-04-01' });
    if (req.url === '/teams') return json([{ id: 7, title: 'Platform' }]);
    return json({ status: 'ok' });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
});

const session = useStudioSession();

describe('Recording a real API', () => {
  it('records what the proxy forwards, previews the project and creates it', async () => {
    const page = session.ui.page;
    const frame = new Frame(page);
    const traffic = new TrafficPage(page);
    await frame.open('Traffic');
    // No proxy target: nothing to record, no switch.
    expect(await traffic.recordSwitch.count()).toBe(0);

    const behaviour = new BehaviourPage(page);
    const dialog = await behaviour.openBehaviour();
    await behaviour.applyProxy(target);
    await dialog.getByText(/^Applied to the next request\./).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    await traffic.recordSwitch.click();
    await traffic.recordingState.waitFor();
    expect(await traffic.recordSwitch.getAttribute('aria-checked')).toBe('true');
    for (const path of ['/members', '/members/2', '/teams', '/health'])
      expect((await fetch(`${session.studio.apiUrl}${path}`)).status).toBe(200);
    await traffic.row('/health').waitFor();
    await themedShots(page, 'record-recording');

    await traffic.recordSwitch.click();
    await traffic.review.waitFor();
    await traffic.reviewModel('Member').waitFor();
    await themedShots(page, 'record-review');
    expect(await traffic.reviewPreview.getByRole('status').innerText()).toMatch(
      /Recording.*2 models.*3 records.*1 manual route/s,
    );
    expect(await traffic.reviewModel('Member').innerText()).toMatch(/2 records/);
    // Every member had a name: required. One lacked `since`: optional, guessed.
    expect(await traffic.reviewField('Member', 'name').innerText()).toMatch(/string\s+required/i);
    expect(await traffic.reviewField('Member', 'since').innerText()).toMatch(/string\s+optional/i);
    const teamId = traffic.reviewField('Member', 'teamId');
    expect(await teamId.innerText()).toMatch(/belongs to\s+Team/);
    expect(await teamId.getByText('guess', { exact: true }).count()).toBe(1);

    const folder = join(dirname(session.studio.dir), 'recorded-api');
    expect(await traffic.reviewFolder.inputValue()).toBe(folder);
    await traffic.reviewCreate.click();
    await traffic.review.waitFor({ state: 'detached' });
    await frame.serverBar.getByText('recorded-api', { exact: true }).waitFor();
    expect((await readdir(folder)).sort()).toEqual(
      expect.arrayContaining(['app.ts', 'member.ts', 'seed', 'team.ts']),
    );
    expect(await traffic.recordingState.count()).toBe(0);
    const member = await fetch(`${session.studio.apiUrl}/members/2`);
    expect(await member.json()).toEqual({
      id: 2,
      name: 'Bo Chen',
      role: 'viewer',
      since: '2021-04-01',
      // A link the record did not have is null in a decorest answer (CONTRACT §3).
      teamId: null,
    });
    expect(session.ui.problems).toEqual([]);
  });
});
