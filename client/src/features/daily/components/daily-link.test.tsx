import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dailyDayOf, dailyNumberOf } from '@jotto/shared/daily-rules';
import { currentPath, renderScreen } from '@/test/render-screen.tsx';
import { DailyLink } from './daily-link.tsx';

describe('DailyLink', () => {
  it('leads to /daily, naming today’s number', () => {
    renderScreen(<DailyLink />, { path: '/home' });
    const number = dailyNumberOf(dailyDayOf(new Date()));
    const link = screen.getByRole('link', {
      name: `Daily Jotto #${number}: one word for everyone today`,
    });
    fireEvent.click(link);
    expect(currentPath()).toBe('/daily');
  });
});
