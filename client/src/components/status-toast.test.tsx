import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS_TOAST_MS, StatusToastProvider, useStatusToast } from './status-toast.tsx';

function Trigger({ message }: { message: string }) {
  const showStatus = useStatusToast();
  return (
    <button type="button" onClick={() => showStatus(message)}>
      Say {message}
    </button>
  );
}

function renderToast() {
  render(
    <StatusToastProvider>
      <Trigger message="Challenge sent!" />
      <Trigger message="Again" />
    </StatusToastProvider>,
  );
  return screen.getByRole('status');
}

describe('StatusToastProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says a message as a polite status, takes no focus, needs no answer, and leaves by itself', () => {
    const status = renderToast();
    // The live region is there before the message, so that the message is announced.
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    const trigger = screen.getByRole('button', { name: 'Say Challenge sent!' });
    trigger.focus();
    fireEvent.click(trigger);
    expect(status.textContent).toBe('Challenge sent!');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
    act(() => {
      vi.advanceTimersByTime(STATUS_TOAST_MS - 1);
    });
    expect(status.textContent).toBe('Challenge sent!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status.textContent).toBe('');
  });

  it('replaces a message still showing and gives the new one its full time', () => {
    const status = renderToast();
    fireEvent.click(screen.getByRole('button', { name: 'Say Challenge sent!' }));
    act(() => {
      vi.advanceTimersByTime(STATUS_TOAST_MS - 1_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Say Again' }));
    expect(status.textContent).toBe('Again');
    act(() => {
      vi.advanceTimersByTime(STATUS_TOAST_MS - 1);
    });
    expect(status.textContent).toBe('Again');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status.textContent).toBe('');
  });

  it('needs the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger message="x" />)).toThrow(
      'useStatusToast needs a StatusToastProvider',
    );
  });
});
