import { afterEach, describe, expect, it } from 'vitest';
import {
  applyContrast,
  CONTRAST_STORAGE_KEY,
  readContrastPreference,
  resolveContrast,
  saveContrastPreference,
  startContrast,
} from './contrast-preference.ts';
import { stubSystemContrast } from './contrast-preference.test-support.ts';

const shown = () => document.documentElement.dataset.contrast;

afterEach(() => {
  delete document.documentElement.dataset.contrast;
});

describe('contrast preference', () => {
  it('follows the device by default and lets either choice override it', () => {
    expect(resolveContrast('system', true)).toBe('more');
    expect(resolveContrast('system', false)).toBe('standard');
    expect(resolveContrast('more', false)).toBe('more');
    expect(resolveContrast('standard', true)).toBe('standard');
  });

  it('reads what was saved, and "system" for nothing or anything else', () => {
    expect(readContrastPreference()).toBe('system');
    saveContrastPreference('standard');
    expect(readContrastPreference()).toBe('standard');
    localStorage.setItem(CONTRAST_STORAGE_KEY, 'loud');
    expect(readContrastPreference()).toBe('system');
    saveContrastPreference('more');
    saveContrastPreference('system');
    expect(localStorage.getItem(CONTRAST_STORAGE_KEY)).toBeNull();
  });

  it('sets data-contrast on <html> from the saved choice and the device', () => {
    stubSystemContrast(true);
    applyContrast();
    expect(shown()).toBe('more');
    saveContrastPreference('standard');
    applyContrast();
    expect(shown()).toBe('standard');
  });

  it('keeps in step with the device while on "system", and with a choice saved in another tab', () => {
    const device = stubSystemContrast(false);
    startContrast();
    expect(shown()).toBe('standard');
    device.change(true);
    expect(shown()).toBe('more');

    localStorage.setItem(CONTRAST_STORAGE_KEY, 'standard');
    window.dispatchEvent(new StorageEvent('storage', { key: CONTRAST_STORAGE_KEY }));
    expect(shown()).toBe('standard');
    // A choice overrides the device: its change no longer shows.
    device.change(false);
    device.change(true);
    expect(shown()).toBe('standard');
  });

  it('shows standard contrast where the browser has no matchMedia', () => {
    applyContrast();
    expect(shown()).toBe('standard');
  });
});
