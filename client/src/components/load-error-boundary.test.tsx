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
    screen.getByRole('heading', { name: 'The header stays' });
    expect(screen.getByRole('alert').textContent).toContain(PAGE_LOAD_FAILED);
    screen.getByRole('button', { name: 'Reload' });
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
    screen.getByText(PAGE_LOAD_FAILED);
    fireEvent.click(screen.getByRole('button', { name: 'Rules' }));
    screen.getByText('The rules');
    expect(screen.queryByText(PAGE_LOAD_FAILED)).toBeNull();
  });
});
