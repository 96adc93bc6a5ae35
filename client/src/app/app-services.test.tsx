import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { renderScreen } from '@/test/render-screen.tsx';
import { AppServices } from './app-services.tsx';

describe('AppServices without configuration (the test build sets no VITE_ variables)', () => {
  it('loads no push or analytics code, adds no script, and says so only at debug level', async () => {
    const api = fakeApi({ userInfo: { result: 'ok', msg: 'alice' } });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    const registerWorker = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register: registerWorker } });
    renderScreen(<AppServices />, { path: '/home' });
    await act(async () => {});
    expect(debug).toHaveBeenCalledWith('push notifications off: no Firebase web config');
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(registerWorker).not.toHaveBeenCalled();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(api.calls.map((call) => call.name)).not.toContain('pushToken');
    expect(window.dataLayer).toBeUndefined();
  });
});
