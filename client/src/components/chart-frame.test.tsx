import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChartAxes, ChartFrame } from './chart-frame.tsx';

/** A ResizeObserver that reports the observed box `width` px wide at once, as a browser would. */
function measureAs(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as never);
      }
      disconnect() {}
    },
  );
}

describe('ChartFrame', () => {
  it('is a figure holding an image named by its title and described by its description', () => {
    const { container } = render(
      <ChartFrame title="Scores" description="Three games, rising." defaultWidth={400} height={100}>
        {() => <circle data-testid="dot" r={2} />}
      </ChartFrame>,
    );
    const image = screen.getByRole('img', { name: 'Scores' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.parentElement!.tagName.toLowerCase()).toBe('figure');
    expect(container.firstElementChild).toBe(image.parentElement);
    expect(document.getElementById(image.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Three games, rising.',
    );
    // The drawing goes inside the image, after its title and description.
    expect(image.lastElementChild).toBe(screen.getByTestId('dot'));
  });

  it('draws at the default width until measured', () => {
    const draw = vi.fn((width: number) => <rect width={width} />);
    render(
      <ChartFrame title="Scores" description="" defaultWidth={400} height={100}>
        {draw}
      </ChartFrame>,
    );
    expect(screen.getByRole('img').getAttribute('viewBox')).toBe('0 0 400 100');
    expect(draw).toHaveBeenLastCalledWith(400);
  });

  it('draws at the measured width, its height following the width when asked to', () => {
    measureAs(333);
    render(
      <ChartFrame title="Scores" description="" defaultWidth={400} height={(width) => width / 3}>
        {(width) => <rect data-testid="plot" width={width} />}
      </ChartFrame>,
    );
    expect(screen.getByRole('img').getAttribute('viewBox')).toBe('0 0 333 111');
    expect(screen.getByTestId('plot').getAttribute('width')).toBe('333');
  });

  it('puts what follows (a legend, a table) in the figure after the image', () => {
    render(
      <ChartFrame
        title="Scores"
        description=""
        defaultWidth={400}
        height={100}
        after={
          <table>
            <caption>Scores</caption>
          </table>
        }
      >
        {() => null}
      </ChartFrame>,
    );
    const table = screen.getByRole('table', { name: 'Scores' });
    expect(table.previousElementSibling).toBe(screen.getByRole('img'));
  });
});

describe('ChartAxes', () => {
  const pad = { top: 10, right: 20, bottom: 40, left: 50 };
  const renderAxes = (formatY?: (value: number) => string) =>
    render(
      <svg>
        <ChartAxes
          width={300}
          height={200}
          pad={pad}
          x={(tick) => 50 + tick * 10}
          xTicks={[1, 2, 3]}
          xTitle="Game"
          y={(value) => 160 - value}
          yTicks={[0, 100]}
          yTitle="Score"
          formatY={formatY}
          titleInset={{ bottom: 4, left: 12 }}
        />
      </svg>,
    ).container;

  it('draws a grid line across the plot per y tick, its label right-aligned left of it', () => {
    const container = renderAxes();
    const lines = [...container.querySelectorAll('line')];
    expect(lines.map((line) => [line.getAttribute('x1'), line.getAttribute('x2')])).toEqual([
      ['50', '280'],
      ['50', '280'],
    ]);
    expect(lines.map((line) => line.getAttribute('y1'))).toEqual(['160', '60']);
    const label = screen.getByText('100');
    expect(label.getAttribute('x')).toBe('42');
    expect(label.getAttribute('y')).toBe('60');
    expect(label.getAttribute('text-anchor')).toBe('end');
  });

  it('labels the x ticks under the plot, and titles both axes', () => {
    renderAxes();
    expect(['1', '2', '3'].map((tick) => screen.getByText(tick).getAttribute('x'))).toEqual([
      '60',
      '70',
      '80',
    ]);
    expect(screen.getByText('2').getAttribute('y')).toBe('178');
    const xTitle = screen.getByText('Game');
    expect([xTitle.getAttribute('x'), xTitle.getAttribute('y')]).toEqual(['165', '196']);
    expect(screen.getByText('Score').getAttribute('transform')).toBe(
      'translate(12 85) rotate(-90)',
    );
  });

  it('formats the y labels when told how', () => {
    renderAxes((value) => `${value} pts`);
    screen.getByText('100 pts');
    screen.getByText('0 pts');
  });
});
