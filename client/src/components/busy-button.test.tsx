import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { useSingleFlight } from '@/lib/single-flight.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { BusyButton } from './busy-button.tsx';

/** A request the test answers when it wants. */
function deferred() {
  let settle = (_ok: boolean) => {};
  const promise = new Promise<void>((resolve, reject) => {
    settle = (ok) => (ok ? resolve() : reject(new Error('refused')));
  });
  return { promise, settle };
}

/** Two actions on one gate, each a mutation, as a modal's Accept and Deny are. */
function TwoActions({ send }: { send: (what: string) => Promise<void> }) {
  const mutation = useMutation({ mutationFn: send, onError: () => {} });
  const gate = useSingleFlight();
  return (
    <form
      aria-label="Answer"
      onSubmit={(event) => {
        event.preventDefault();
        gate.run(() => mutation.mutateAsync('submit'));
      }}
    >
      <BusyButton type="submit" busy={gate.busy}>
        Accept
      </BusyButton>
      <BusyButton busy={gate.busy} onClick={() => gate.run(() => mutation.mutateAsync('deny'))}>
        Deny
      </BusyButton>
    </form>
  );
}

function renderActions() {
  const requests: Array<{ what: string; settle: (ok: boolean) => void }> = [];
  const send = vi.fn((what: string) => {
    const request = deferred();
    requests.push({ what, settle: request.settle });
    return request.promise;
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TwoActions send={send} />
    </QueryClientProvider>,
  );
  const button = (name: string) => screen.getByRole('button', { name });
  return { requests, button };
}

describe('BusyButton with useSingleFlight', () => {
  it('sends exactly one request for a double click, and says it is busy meanwhile', async () => {
    const { requests, button } = renderActions();
    // Both clicks before any render in between: a mutation's isPending would still be false.
    fireEvent.click(button('Accept'));
    fireEvent.click(button('Accept'));
    fireEvent.click(button('Deny'));
    fireEvent.submit(screen.getByRole('form', { name: 'Answer' }));
    // The mutation calls its function a few ticks later: let it, and any second one.
    await act(async () => {});
    expect(requests.map((request) => request.what)).toEqual(['submit']);
    expect(button('Accept').getAttribute('aria-busy')).toBe('true');
    expect(button('Accept').getAttribute('aria-disabled')).toBe('true');
    expect(button('Deny').getAttribute('aria-busy')).toBe('true');

    await act(async () => requests[0]!.settle(true));
    expect(button('Accept').getAttribute('aria-busy')).toBeNull();
    expect(button('Accept').getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button('Deny'));
    await act(async () => {});
    expect(requests.map((request) => request.what)).toEqual(['submit', 'deny']);
  });

  it('opens again when the request fails', async () => {
    const { requests, button } = renderActions();
    fireEvent.click(button('Deny'));
    await act(async () => {});
    await act(async () => requests[0]!.settle(false));
    expect(button('Deny').getAttribute('aria-busy')).toBeNull();
    fireEvent.click(button('Deny'));
    await act(async () => {});
    expect(requests).toHaveLength(2);
  });

  it('keeps the focus on a busy button (aria-disabled, not disabled)', () => {
    const { button } = renderActions();
    button('Accept').focus();
    fireEvent.click(button('Accept'));
    expect(button('Accept').hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button('Accept'));
  });
});
