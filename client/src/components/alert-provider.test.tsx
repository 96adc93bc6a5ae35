import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AlertProvider, useAlert } from './alert-provider.tsx';
import { linksIn } from '@/test/render-screen.tsx';

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
    within(alert()!).getByText('First');
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
    within(alert()!).getByText('Second');
    expect(within(alert()!).queryByText('First')).toBeNull();
  });

  it('shows the same message again after it was closed', () => {
    const { alert } = renderAlerts();
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    fireEvent.click(within(alert()!).getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('button', { name: 'Say First' }));
    within(alert()!).getByText('First');
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

  describe("a 'You must be logged in to …' alert", () => {
    const SIGN_IN = 'You must be logged in to play Versus mode';
    function Where() {
      return <output aria-label="Path">{useLocation().pathname}</output>;
    }
    function renderInRouter() {
      render(
        <MemoryRouter initialEntries={['/home']}>
          <AlertProvider>
            <Trigger message={SIGN_IN} />
            <Trigger message="Challenge sent!" />
            <Where />
          </AlertProvider>
        </MemoryRouter>,
      );
      return () => screen.queryByRole('alertdialog', { name: 'Jotto' });
    }

    it('keeps its sentence as it is and offers Sign up and Log in beside it', () => {
      const alert = renderInRouter();
      fireEvent.click(screen.getByRole('button', { name: `Say ${SIGN_IN}` }));
      expect(within(alert()!).getByText(SIGN_IN).textContent).toBe(SIGN_IN);
      expect(linksIn(alert()!)).toEqual([
        ['Sign up', '/register'],
        ['Log in', '/login'],
      ]);
      // OK keeps the focus: Enter still just answers the alert.
      expect(document.activeElement).toBe(within(alert()!).getByRole('button', { name: 'OK' }));
    });

    it('closes when a link is followed, on the way to it', () => {
      const alert = renderInRouter();
      fireEvent.click(screen.getByRole('button', { name: `Say ${SIGN_IN}` }));
      fireEvent.click(within(alert()!).getByRole('link', { name: 'Log in' }));
      expect(alert()).toBeNull();
      expect(screen.getByRole('status', { name: 'Path' }).textContent).toBe('/login');
    });

    it('is the only kind that offers them', () => {
      const alert = renderInRouter();
      fireEvent.click(screen.getByRole('button', { name: 'Say Challenge sent!' }));
      expect(within(alert()!).queryAllByRole('link')).toEqual([]);
    });
  });
});
