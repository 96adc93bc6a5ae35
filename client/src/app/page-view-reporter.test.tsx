import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Analytics } from '@/lib/analytics/analytics.ts';
import { PageViewReporter } from './page-view-reporter.tsx';

function renderWithRouter(analytics: Analytics) {
  let navigate: ReturnType<typeof useNavigate> = () => {};
  function Probe() {
    navigate = useNavigate();
    return <PageViewReporter analytics={analytics} />;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
    initialEntries: ['/'],
  });
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { navigate: (to: string) => act(() => void navigate(to)) };
}

describe('PageViewReporter', () => {
  it('reports the first page once, even under StrictMode', () => {
    const analytics = { pageView: vi.fn() };
    renderWithRouter(analytics);
    expect(analytics.pageView).toHaveBeenCalledOnce();
    expect(analytics.pageView).toHaveBeenCalledWith({
      pathname: '/',
      search: '',
      title: document.title,
    });
  });

  it('reports one page view per route change', () => {
    const analytics = { pageView: vi.fn() };
    const { navigate } = renderWithRouter(analytics);
    navigate('/leaderboards');
    expect(analytics.pageView).toHaveBeenCalledTimes(2);
    expect(analytics.pageView).toHaveBeenLastCalledWith(
      expect.objectContaining({ pathname: '/leaderboards', search: '' }),
    );
    navigate('/login?error=denied');
    expect(analytics.pageView).toHaveBeenCalledTimes(3);
    expect(analytics.pageView).toHaveBeenLastCalledWith(
      expect.objectContaining({ pathname: '/login', search: '?error=denied' }),
    );
  });
});
