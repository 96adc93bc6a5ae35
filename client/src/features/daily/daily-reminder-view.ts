import type { PushReadiness } from '@/lib/push/push-readiness.ts';

/**
 * An hour of the player's day as their locale writes a time: '20:00', or '8:00 PM'. The hour is
 * the player's own (the reminder keeps the zone it is read in), so no zone converts it.
 */
export function reminderHourLabel(hour: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, hour));
}

/** The browser's time zone, the one a reminder set here is read in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** What the player reads when this device cannot take the reminder's push. */
export const PUSH_UNREADY_TEXT: Record<Exclude<PushReadiness, 'ready'>, string> = {
  unconfigured: 'Reminders need push notifications, which this site does not send.',
  unsupported: 'This browser cannot receive notifications, so it cannot remind you.',
  blocked:
    'Notifications are blocked for this site. Allow them in your browser’s settings, then turn the reminder on again.',
  failed: 'Notifications could not be set up on this device. Please try again later.',
};
