import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AlertProvider, useAlert } from './alert-provider.tsx';

function Trigger({ message }: { message: string }) {
  const showAlert = useAlert();
  return (
    <button type="button" onClick={() => showAlert(message)}>
      {`Say ${message}`}
    </button>
  );
}

function renderAlerts() {
  render(
    <AlertProvider>
      <Trigger message="First" />
      <Trigger message="Second" />
    </AlertProvider>,
  );
  const alert = () => screen.queryByRole('alertdialog', { name: 'Jotto' });
  return { alert };
}

describe('AlertProvider', () => {
  it('shows nothing until an alert, then the message in the alert modal', () => {
    const { alert } = renderAlerts();
    expect(alert()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    expect(within(alert()!).getByText('First')).toBeTruthy();
  });

  it('puts focus on OK, so Enter or Space answers it', () => {
    const { alert } = renderAlerts();
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    expect(document.activeElement).toBe(within(alert()!).getByRole('button', { name: 'OK' }));
  });

  it.each([
    [
      'OK',
      (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' })),
    ],
    [
      'the close icon',
      (dialog: HTMLElement) =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
    ],
    ['the overlay', (dialog: HTMLElement) => fireEvent.click(dialog)],
    [
      'Escape',
      (dialog: HTMLElement) => fireEvent(dialog, new Event('cancel', { cancelable: true })),
    ],
  ])('closes with %s', (_how, close) => {
    const { alert } = renderAlerts();
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    close(alert()!);
    expect(alert()).toBeNull();
  });

  it('replaces an alert still showing with the new one', () => {
    const { alert } = renderAlerts();
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    fireEvent.click(screen.getByRole('button', { name: 'Say Second' }));
    expect(within(alert()!).getByText('Second')).toBeTruthy();
    expect(within(alert()!).queryByText('First')).toBeNull();
  });

  it('shows the same message again after it was closed', () => {
    const { alert } = renderAlerts();
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    fireEvent.click(within(alert()!).getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    expect(within(alert()!).getByText('First')).toBeTruthy();
  });

  it('puts focus on OK, so Enter or Space answers it', () => {
    const { alert } = renderAlerts();
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    expect(document.activeElement).toBe(within(alert()!).getByRole('button', { name: 'OK' }));
  });

  it('needs the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger message="x" />)).toThrow('useAlert needs an AlertProvider');
  });
});
