import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dailyNumberOf } from '@jotto/shared/daily-rules';
import type { DailyGameResponse, DailyReminderResponse } from '@jotto/shared/daily-schemas';
import type { PlayResponse } from '@jotto/shared/game-schemas';
import { JottoSolver } from '@jotto/test-support/game-solver';
import { DailyReminderJob } from '../src/daily/daily-reminder-job.ts';
import { DailyReminderService } from '../src/daily/daily-reminder-service.ts';
import { dailyReminders } from '../src/db/reminder-tables.ts';
import { RecordingPushTransport } from './recording-push-transport.ts';
import { registerPlayer, startTestApp, type TestAgent, type TestApp } from './test-app.ts';
import { DATABASE_KINDS } from './test-environment.ts';

/** Days of the fake clock: Paris goes to summer time on 2027-03-28 (20:00 is 19:00 UTC, then 18:00). */
const SOLVED_DAY = '2027-03-26';
const REMINDER_DAY = '2027-03-27';
const at = (iso: string) => new Date(iso);

describe.each(DATABASE_KINDS)('Streak reminders on %s', (kind) => {
  let t: TestApp;
  let now = at(`${REMINDER_DAY}T12:00:00Z`);
  const push = new RecordingPushTransport();
  let tokens = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { overrides: { clock: () => now, pushTransport: push } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const reminderOf = (agent: TestAgent) => agent.get<DailyReminderResponse>('/api/daily/reminder');
  const setReminder = (agent: TestAgent, body: unknown) =>
    agent.post<DailyReminderResponse>('/api/daily/reminder', body);
  /** The pushes that reached `token`, with what they said. */
  const pushesTo = (token: string) =>
    push.sent.filter((message) => message.tokens.includes(token)).map((m) => m.data!);
  const rowOf = async (userId: number) =>
    (await t.app.db.select().from(dailyReminders).where(eq(dailyReminders.userId, userId)))[0];

  /** Solves the player's daily of the clock's day through the API, from match counts alone. */
  async function solveToday(agent: TestAgent) {
    const { gameId } = (await agent.get<DailyGameResponse>('/api/daily')).body;
    const solver = new JottoSolver();
    for (let turn = 0; turn < 20; turn += 1) {
      const word = solver.nextGuess();
      const answer = await agent.get<PlayResponse>(`/api/game/${gameId}/play/${word}`);
      if (answer.body.win) return;
      solver.observe(word, answer.body.matches!, false);
    }
    throw new Error('not solved in 20 guesses');
  }

  /**
   * A signed-in player with a device token; with `streak`, one who solved the day before
   * REMINDER_DAY. Their reminder is set at 20:00 Paris time at noon UTC of REMINDER_DAY.
   */
  async function player(options: { streak: boolean }) {
    const registered = await registerPlayer(t.app, 'rem');
    const token = `device-${kind}-${(tokens += 1)}`;
    expect((await registered.agent.post('/api/user/pushtoken', { token })).status).toBe(200);
    if (options.streak) {
      now = at(`${SOLVED_DAY}T12:00:00Z`);
      await solveToday(registered.agent);
    }
    now = at(`${REMINDER_DAY}T12:00:00Z`);
    const set = await setReminder(registered.agent, { hour: 20, timeZone: 'Europe/Paris' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return { ...registered, token };
  }

  it('refuses every reminder route without a signed-in account (401)', async () => {
    const { agent } = await registerPlayer(t.app);
    await agent.get('/api/logout');
    expect((await reminderOf(agent)).status).toBe(401);
    expect((await setReminder(agent, { hour: 20, timeZone: 'UTC' })).status).toBe(401);
    expect((await agent.post('/api/daily/reminder/off')).status).toBe(401);
  });

  it('turns a reminder on, reads it back, moves it and turns it off', async () => {
    const { agent, id } = await registerPlayer(t.app);
    now = at(`${REMINDER_DAY}T12:00:00Z`);
    expect((await reminderOf(agent)).body).toEqual({
      result: 'ok',
      reminder: null,
      pushAvailable: true,
    });
    const set = await setReminder(agent, { hour: 20, timeZone: 'europe/paris' });
    expect(set.body.reminder).toEqual({ hour: 20, timeZone: 'Europe/Paris' });
    expect((await reminderOf(agent)).body.reminder).toEqual({ hour: 20, timeZone: 'Europe/Paris' });
    expect((await rowOf(id))?.nextDueAt.toISOString()).toBe(`${REMINDER_DAY}T19:00:00.000Z`);

    await setReminder(agent, { hour: 7, timeZone: 'Asia/Tokyo' });
    expect((await reminderOf(agent)).body.reminder).toEqual({ hour: 7, timeZone: 'Asia/Tokyo' });
    // 07:00 in Tokyo (UTC+9) after noon UTC is 22:00 UTC the same UTC day.
    expect((await rowOf(id))?.nextDueAt.toISOString()).toBe(`${REMINDER_DAY}T22:00:00.000Z`);

    const off = await agent.post<DailyReminderResponse>('/api/daily/reminder/off');
    expect(off.body).toMatchObject({ result: 'ok', reminder: null });
    expect((await reminderOf(agent)).body.reminder).toBeNull();
    expect(await rowOf(id)).toBeUndefined();
    // Off twice is still off.
    expect((await agent.post('/api/daily/reminder/off')).status).toBe(200);
  });

  it('answers 400 to a bad hour or time zone, and changes nothing', async () => {
    const { agent } = await registerPlayer(t.app);
    await setReminder(agent, { hour: 9, timeZone: 'UTC' });
    const bad: [unknown, RegExp][] = [
      [{ hour: 24, timeZone: 'UTC' }, /hour/],
      [{ hour: -1, timeZone: 'UTC' }, /hour/],
      [{ hour: 7.5, timeZone: 'UTC' }, /hour/],
      [{ timeZone: 'UTC' }, /hour/],
      [{ hour: 20 }, /timeZone/],
      [{ hour: 20, timeZone: '' }, /timeZone/],
      [{ hour: 20, timeZone: 'Mars/Olympus_Mons' }, /timeZone is not a time zone we know/],
      [{ hour: 20, timeZone: '+02:00' }, /timeZone is not a time zone we know/],
      [{ hour: 20, timeZone: 'UTC', extra: 1 }, /extra/],
    ];
    for (const [body, message] of bad) {
      const answer = await setReminder(agent, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as unknown as { err: string }).err).toMatch(message);
    }
    expect((await reminderOf(agent)).body.reminder).toEqual({ hour: 9, timeZone: 'UTC' });
  });

  it('sends one push at the hour while the streak is alive and today is unplayed', async () => {
    const alive = await player({ streak: true });
    const started = await player({ streak: true });
    // Today's daily begun but not finished is still worth a reminder.
    await started.agent.get('/api/daily');

    now = at(`${REMINDER_DAY}T18:59:59Z`);
    await t.app.dailyReminderJob.runNow();
    expect(pushesTo(alive.token)).toEqual([]);

    now = at(`${REMINDER_DAY}T19:00:00Z`);
    await t.app.dailyReminderJob.runNow();
    await t.app.dailyReminderJob.runNow();
    expect(pushesTo(alive.token)).toEqual([
      {
        title: 'Keep your streak',
        icon: 'http://localhost:3000/public/icon-192.png',
        body: `Daily Jotto #${dailyNumberOf(REMINDER_DAY)} is waiting: play it before midnight UTC to keep your 1-day streak.`,
        click_action: 'http://localhost:3000/daily',
      },
    ]);
    expect(pushesTo(started.token)).toHaveLength(1);
    const row = await rowOf(alive.id);
    expect(row?.lastSentDay).toBe(REMINDER_DAY);
    // Next due across the change to summer time: 20:00 in Paris is now 18:00 UTC.
    expect(row?.nextDueAt.toISOString()).toBe(`${addDays(REMINDER_DAY, 1)}T18:00:00.000Z`);

    // Moved to a later hour the same day: that day has had its reminder.
    now = at(`${REMINDER_DAY}T19:30:00Z`);
    await setReminder(alive.agent, { hour: 22, timeZone: 'Europe/Paris' });
    now = at(`${REMINDER_DAY}T21:00:00Z`);
    await t.app.dailyReminderJob.runNow();
    expect(pushesTo(alive.token)).toHaveLength(1);
  });

  it('sends nothing when today is played, or without a streak, and moves on to tomorrow', async () => {
    const played = await player({ streak: true });
    await solveToday(played.agent);
    const noStreak = await player({ streak: false });

    now = at(`${REMINDER_DAY}T19:00:00Z`);
    await t.app.dailyReminderJob.runNow();
    expect(pushesTo(played.token)).toEqual([]);
    expect(pushesTo(noStreak.token)).toEqual([]);
    for (const { id } of [played, noStreak]) {
      const row = await rowOf(id);
      expect(row?.lastSentDay).toBeNull();
      expect(row?.nextDueAt.toISOString()).toBe(`${addDays(REMINDER_DAY, 1)}T18:00:00.000Z`);
    }
  });

  it('moves a reminder found over an hour late on unsent (no server ran at its hour)', async () => {
    const missed = await player({ streak: true });
    now = at(`${REMINDER_DAY}T20:00:01Z`);
    await t.app.dailyReminderJob.runNow();
    expect(pushesTo(missed.token)).toEqual([]);
    expect((await rowOf(missed.id))?.nextDueAt.toISOString()).toBe(
      `${addDays(REMINDER_DAY, 1)}T18:00:00.000Z`,
    );
  });

  it('sends each reminder once when two jobs race for the same due reminders', async () => {
    const players = [];
    for (let i = 0; i < 4; i += 1) players.push(await player({ streak: true }));
    // A second node: on Postgres a whole app on the same database; on PGlite (one process's
    // database) a second job and service of its own on the same handle.
    const second =
      kind === 'postgres'
        ? await startTestApp(
            kind,
            {},
            {
              databaseUrl: t.databaseUrl!,
              overrides: { clock: () => now, pushTransport: push },
            },
          )
        : null;
    const otherJob =
      second?.app.dailyReminderJob ??
      new DailyReminderJob(
        new DailyReminderService({
          db: t.app.db,
          notifier: t.app.notifier,
          clock: () => now,
          pushAvailable: true,
        }),
        async () => async () => {},
        t.app.log,
      );
    try {
      now = at(`${REMINDER_DAY}T19:00:00Z`);
      await Promise.all([
        t.app.dailyReminderJob.runNow(),
        otherJob.runNow(),
        t.app.dailyReminderJob.runNow(),
        otherJob.runNow(),
      ]);
      for (const { token } of players) expect(pushesTo(token), token).toHaveLength(1);
    } finally {
      await (second ? second.close() : otherJob.stop());
    }
  });
});
