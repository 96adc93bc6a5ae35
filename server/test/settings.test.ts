import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsResponse } from '@jotto/shared/settings-schemas';
import { users } from '../src/db/account-tables.ts';
import { unauthorized } from '../src/errors.ts';
import { registerPlayer, startTestApp, type TestApp, TestAgent } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

describe.each(DATABASE_KINDS)('player settings on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedHardMode = async (id: number) => {
    const [row] = await t.app.db
      .select({ hardMode: users.hardMode })
      .from(users)
      .where(eq(users.id, id));
    return row!.hardMode;
  };

  it('answers every setting, hard mode off and watchers allowed for a new account', async () => {
    const player = await registerPlayer(t.app, 'set');
    const response = await player.agent.get<SettingsResponse>('/api/user/settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ result: 'ok', hardMode: false, allowWatchers: true });
  });

  it('turns watching off and on, leaving the other settings as they were', async () => {
    const player = await registerPlayer(t.app, 'set');
    const off = await player.agent.post('/api/user/settings', { allowWatchers: false });
    expect(off.body).toEqual({ result: 'ok', hardMode: false, allowWatchers: false });
    const [row] = await t.app.db
      .select({ allowWatchers: users.allowWatchers })
      .from(users)
      .where(eq(users.id, player.id));
    expect(row!.allowWatchers).toBe(false);
    const both = await player.agent.post('/api/user/settings', {
      allowWatchers: true,
      hardMode: true,
    });
    expect(both.body).toEqual({ result: 'ok', hardMode: true, allowWatchers: true });
  });

  it('changes the settings given and answers them all, kept on the account', async () => {
    const player = await registerPlayer(t.app, 'set');
    const on = await player.agent.post<SettingsResponse>('/api/user/settings', { hardMode: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ result: 'ok', hardMode: true, allowWatchers: true });
    expect(await storedHardMode(player.id)).toBe(true);
    expect((await player.agent.get('/api/user/settings')).body).toEqual({
      result: 'ok',
      hardMode: true,
      allowWatchers: true,
    });
    // Another account's setting is its own.
    const other = await registerPlayer(t.app, 'set');
    expect((await other.agent.get('/api/user/settings')).body).toEqual({
      result: 'ok',
      hardMode: false,
      allowWatchers: true,
    });
    const off = await player.agent.post('/api/user/settings', { hardMode: false });
    expect(off.body).toEqual({ result: 'ok', hardMode: false, allowWatchers: true });
    expect(await storedHardMode(player.id)).toBe(false);
  });

  it('refuses an empty update, an unknown setting and a wrong type, changing nothing', async () => {
    const player = await registerPlayer(t.app, 'set');
    await player.agent.post('/api/user/settings', { hardMode: true });
    const cases: [unknown, string][] = [
      [{}, 'body needs at least one field'],
      [{ hardMode: false, watchers: true }, 'watchers is not an accepted field'],
      [{ allowWatchers: 1 }, 'allowWatchers must be boolean'],
      [{ hardMode: 'no' }, 'hardMode must be boolean'],
    ];
    for (const [body, err] of cases) {
      const response = await player.agent.post('/api/user/settings', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ result: 'error', err });
    }
    expect(await storedHardMode(player.id)).toBe(true);
  });

  it('is for signed-in players only: 401 for a guest and without a session', async () => {
    const guest = new TestAgent(t.app);
    await guest.get('/api/games/new');
    expect(guest.cookies.size).toBeGreaterThan(0);
    for (const agent of [guest, new TestAgent(t.app)]) {
      for (const response of [
        await agent.get('/api/user/settings'),
        await agent.post('/api/user/settings', { hardMode: true }),
      ]) {
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ result: 'error', err: unauthorized().message });
      }
    }
  });
});
