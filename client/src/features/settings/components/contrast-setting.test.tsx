import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTRAST_STORAGE_KEY } from '../contrast-preference.ts';
import { stubSystemContrast } from '../contrast-preference.test-support.ts';
import { CONTRAST_HINT, ContrastSetting } from './contrast-setting.tsx';

const shown = () => document.documentElement.dataset.contrast;
const choice = (name: string) => screen.getByRole('radio', { name });

afterEach(() => {
  delete document.documentElement.dataset.contrast;
});

describe('ContrastSetting', () => {
  it('is a group named Contrast with three labelled choices, System checked at first', () => {
    render(<ContrastSetting />);
    const group = screen.getByRole('group', { name: 'Contrast' });
    expect(group).toHaveProperty('textContent', expect.stringContaining(CONTRAST_HINT));
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'system',
      'more',
      'standard',
    ]);
    expect(choice('System')).toHaveProperty('checked', true);
    expect(screen.getByRole('group', { description: CONTRAST_HINT })).toBe(group);
  });

  it('shows and saves a choice at once, overriding the device either way', async () => {
    stubSystemContrast(true);
    const user = userEvent.setup();
    render(<ContrastSetting />);

    await user.click(choice('Standard'));
    expect(shown()).toBe('standard');
    expect(localStorage.getItem(CONTRAST_STORAGE_KEY)).toBe('standard');
    expect(choice('Standard')).toHaveProperty('checked', true);

    await user.click(choice('More'));
    expect(shown()).toBe('more');
    expect(localStorage.getItem(CONTRAST_STORAGE_KEY)).toBe('more');

    // Back to the device's setting: nothing saved, and the device asks for more.
    await user.click(choice('System'));
    expect(localStorage.getItem(CONTRAST_STORAGE_KEY)).toBeNull();
    expect(shown()).toBe('more');
  });

  it('follows the device on "System": standard where it does not ask for more', async () => {
    stubSystemContrast(false);
    localStorage.setItem(CONTRAST_STORAGE_KEY, 'more');
    const user = userEvent.setup();
    render(<ContrastSetting />);
    await user.click(choice('System'));
    expect(shown()).toBe('standard');
  });

  it('shows the choice saved before, as after a reload', () => {
    localStorage.setItem(CONTRAST_STORAGE_KEY, 'more');
    render(<ContrastSetting />);
    expect(choice('More')).toHaveProperty('checked', true);
    expect(choice('System')).toHaveProperty('checked', false);
  });

  it('shows a choice another tab saves', () => {
    render(<ContrastSetting />);
    localStorage.setItem(CONTRAST_STORAGE_KEY, 'standard');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CONTRAST_STORAGE_KEY }));
    });
    expect(choice('Standard')).toHaveProperty('checked', true);
  });
});
