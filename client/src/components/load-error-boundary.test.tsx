import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadErrorBoundary, PAGE_LOAD_FAILED, PageLoadFailed } from './load-error-boundary.tsx';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LoadErrorBoundary', () => {
  it('shows its fallback in place of children that failed, and leaves the rest of the page', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <h1>The header stays</h1>
        <LoadErrorBoundary fallback={<PageLoadFailed />}>
          <Broken />
        </LoadErrorBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'The header stays' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(PAGE_LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('tries its children again when its reset key changes (another route)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Harness() {
      const [route, setRoute] = useState('/leaderboards');
      return (
        <>
          <button type="button" onClick={() => setRoute('/rules')}>
            Rules
          </button>
          <LoadErrorBoundary resetKey={route} fallback={<PageLoadFailed />}>
            {route === '/leaderboards' ? <Broken /> : <p>The rules</p>}
          </LoadErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByText(PAGE_LOAD_FAILED)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rules' }));
    expect(screen.getByText('The rules')).toBeTruthy();
    expect(screen.queryByText(PAGE_LOAD_FAILED)).toBeNull();
  });
});
