import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dailyDayOf } from '@jotto/shared/daily-rules';
import { clientPath } from '@jotto/shared/client-routes';
import { errorMessage } from '@/lib/api-client.ts';
import { archivePageQuery } from '../api/daily-api.ts';
import { addMonths, archiveMonths, monthOf, pageBeforeOf } from '../archive-month.ts';
import { ArchiveCalendar } from './archive-calendar.tsx';
import { DailyTabs } from './daily-tabs.tsx';
import styles from './daily-page.module.css';

/**
 * `/daily/archive` (docs/PRODUCT.md, 'Archive'): the past days, a month at a time, each marked
 * solved, lost, started or not played; a day opens its game at /daily/:day. It opens on the
 * month of yesterday, the newest day it has.
 */
export function ArchivePage({ now = () => new Date() }: { now?: () => Date }) {
  const navigate = useNavigate();
  const today = useMemo(() => dailyDayOf(now()), [now]);
  const { first, last } = archiveMonths(today);
  const [month, setMonth] = useState(last);
  const page = useQuery(archivePageQuery(pageBeforeOf(month)));
  const days = useMemo(
    () =>
      page.data &&
      new Map(
        page.data.days.filter((entry) => monthOf(entry.day) === month).map((e) => [e.day, e]),
      ),
    [page.data, month],
  );
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Daily Jotto archive</h1>
        <p className={styles.subtitle}>
          Past days&apos; words, to play any time. They do not count for your streak.
        </p>
      </header>
      <DailyTabs />
      {page.isError && <p role="alert">{errorMessage(page.error)}</p>}
      <ArchiveCalendar
        month={month}
        today={today}
        days={days}
        onPlay={(day) => navigate(clientPath('/daily/:day', { day }))}
        onPrevious={month > first ? () => setMonth(addMonths(month, -1)) : null}
        onNext={month < monthOf(today) ? () => setMonth(addMonths(month, 1)) : null}
      />
    </div>
  );
}
