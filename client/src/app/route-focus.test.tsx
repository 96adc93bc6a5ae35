import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useEffect, useRef, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useFocusHeadingOnNavigation } from './route-focus.ts';

/** A page whose h1 shows only once its data has come (resolved by the test). */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? (
    <h1>Slow page</h1>
  ) : (
    <button type="button" onClick={() => setLoaded(true)}>
      Data arrives
    </button>
  );
}

/** A page that focuses its own input when it opens, as the game screen does. */
function GamePage() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <>
      <h1>Solo game</h1>
      <input ref={input} aria-label="Your guess" />
    </>
  );
}

// Each page its own component, as in the app (the same element type at the same place would be
// the same h1, which is how a page that stays is told apart).
function HomePage() {
  return <h1>Welcome!</h1>;
}

function RulesPage() {
  return <h1>Rules</h1>;
}

function TabbedPage({ tab }: { tab: string }) {
  return <h1>{tab}</h1>;
}

function App() {
  useFocusHeadingOnNavigation();
  const navigate = useNavigate();
  return (
    <>
      <nav>
        <Link to="/rules">Rules</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/game">Game</Link>
        <Link to="/friends/new">Add Friends</Link>
      </nav>
      <button type="button" onClick={() => void navigate('/rules')}>
        Go by script
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <main>
        <Routes>
          <Route path="/home" element={<HomePage />} />
          <Route path="/rules" element={<RulesPage />} />
          <Route path="/slow" element={<SlowPage />} />
          <Route path="/game" element={<GamePage />} />
          <Route path="/friends" element={<TabbedPage tab="Friends" />} />
          <Route path="/friends/new" element={<TabbedPage tab="Add Friends" />} />
        </Routes>
      </main>
    </>
  );
}

function renderAt(path: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </StrictMode>,
  );
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('useFocusHeadingOnNavigation', () => {
  it('leaves the focus alone on the first load', () => {
    renderAt('/home');
    expect(document.activeElement).toBe(document.body);
  });

  it("puts the focus on the new page's h1 after a link, not on the body or the link", () => {
    renderAt('/home');
    const link = screen.getByRole('link', { name: 'Rules' });
    link.focus();
    fireEvent.click(link);
    expect(document.activeElement).toBe(heading('Rules'));
    // Focusable by script, not a tab stop.
    expect(heading('Rules').tabIndex).toBe(-1);
  });

  it('does so after a navigation by script too, from a control the new page no longer has', () => {
    renderAt('/home');
    screen.getByRole('button', { name: 'Go by script' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Go by script' }));
    expect(document.activeElement).toBe(heading('Rules'));
  });

  it('waits for an h1 that shows only once the data has come', async () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('link', { name: 'Slow' }));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Data arrives' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Data arrives' }));
    });
    expect(document.activeElement).toBe(heading('Slow page'));
  });

  it('leaves the focus where the new page put it (the guess input of a game)', () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('link', { name: 'Game' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your guess' }));
  });

  it('leaves the focus on the tab when the route changes and the page stays', () => {
    renderAt('/friends');
    const tab = screen.getByRole('link', { name: 'Add Friends' });
    tab.focus();
    fireEvent.click(tab);
    heading('Add Friends');
    expect(document.activeElement).toBe(tab);
  });

  it('moves it on Back to the first page too', () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('link', { name: 'Rules' }));
    expect(document.activeElement).toBe(heading('Rules'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(heading('Welcome!'));
  });

  it('moves the focus once per navigation', () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('link', { name: 'Rules' }));
    const other = screen.getByRole('link', { name: 'Slow' });
    other.focus();
    // The same page again (a new history entry, the same h1) does not take the focus back.
    fireEvent.click(screen.getByRole('link', { name: 'Rules' }));
    expect(document.activeElement).toBe(other);
  });
});
