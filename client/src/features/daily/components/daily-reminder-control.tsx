import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DEFAULT_REMINDER_HOUR, REMINDER_HOURS } from '@jotto/shared/daily-reminder-rules';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { BusyButton } from '@/components/busy-button.tsx';
import { FIREBASE_WEB_CONFIG, type FirebaseWebConfig } from '@/config/env.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { ensurePushReady, type PushReadiness } from '@/lib/push/push-readiness.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import {
  dailyKeys,
  dailyReminderQuery,
  setDailyReminder,
  turnDailyReminderOff,
} from '../api/daily-api.ts';
import { browserTimeZone, PUSH_UNREADY_TEXT, reminderHourLabel } from '../daily-reminder-view.ts';
import styles from './daily-reminder-control.module.css';

/**
 * The streak reminder's opt-in (docs/PRODUCT.md, 'Streak reminder'), for a signed-in player on
 * the daily page: 'Remind me at [20:00] if I have not played' and 'Turn on'; once on, what it
 * does and 'Turn off', one click. Turning it on first makes this device ready for push as the
 * app's push setup does (asking for permission if never asked), and says so when it cannot.
 */
export function DailyReminderControl({
  pushConfig = FIREBASE_WEB_CONFIG,
  ensurePush = ensurePushReady,
  timeZone = browserTimeZone(),
}: {
  /** The push configuration of this build (null: no push). */
  pushConfig?: FirebaseWebConfig | null;
  /** Makes this device ready for push (a test hands in its own). */
  ensurePush?: (config: FirebaseWebConfig | null) => Promise<PushReadiness>;
  /** The zone the chosen hour is read in: the browser's. */
  timeZone?: string;
}) {
  const queryClient = useQueryClient();
  const reminder = useQuery(dailyReminderQuery);
  const [hour, setHour] = useState(DEFAULT_REMINDER_HOUR);
  const [note, setNote] = useState('');
  const flight = useSingleFlight();
  const titleId = useId();
  const hourId = useId();
  // Nothing to offer while it loads, or if it cannot be read: the daily is what the page is for.
  if (!reminder.data) return null;
  const current = reminder.data.reminder;
  const pushOff = !reminder.data.pushAvailable || pushConfig === null;

  const answered = (answer: EndpointResponse<'dailyReminder'>) =>
    queryClient.setQueryData(dailyKeys.reminder, answer);
  const turnOn = () =>
    flight.run(async () => {
      setNote('');
      try {
        const ready = await ensurePush(pushConfig);
        if (ready !== 'ready') return setNote(PUSH_UNREADY_TEXT[ready]);
        answered(await setDailyReminder(hour, timeZone));
      } catch (error) {
        setNote(errorMessage(error));
      }
    });
  const turnOff = () =>
    flight.run(async () => {
      setNote('');
      try {
        answered(await turnDailyReminderOff());
      } catch (error) {
        setNote(errorMessage(error));
      }
    });

  return (
    <section className={styles.reminder} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Streak reminder
      </h2>
      {current ? (
        <div className={styles.row}>
          <p className={styles.text}>
            On: at <strong className="numeric">{reminderHourLabel(current.hour)}</strong>
            {current.timeZone === timeZone ? ' your time' : ` (${current.timeZone})`}, if you have
            not played today’s word and your streak is alive.
          </p>
          <BusyButton className="button" busy={flight.busy} onClick={turnOff}>
            Turn off
          </BusyButton>
        </div>
      ) : pushOff ? (
        <p className={styles.text}>{PUSH_UNREADY_TEXT.unconfigured}</p>
      ) : (
        <div className={styles.row}>
          <label htmlFor={hourId} className={styles.text}>
            Remind me at{' '}
            <select
              id={hourId}
              className={`input ${styles.hour}`}
              value={hour}
              onChange={(event) => setHour(Number(event.target.value))}
            >
              {REMINDER_HOURS.map((h) => (
                <option key={h} value={h}>
                  {reminderHourLabel(h)}
                </option>
              ))}
            </select>{' '}
            if I have not played
          </label>
          <BusyButton className="button" busy={flight.busy} onClick={turnOn}>
            Turn on
          </BusyButton>
        </div>
      )}
      <p className={styles.note} role="status">
        {note}
      </p>
    </section>
  );
}
