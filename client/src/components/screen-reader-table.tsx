import type { ReactNode } from 'react';

/**
 * A table only screen readers meet: the numbers a chart draws. It is hidden by a box around it,
 * not by its own class: a table is never narrower than its columns, so a hidden table keeps its
 * full width (364 px for a chart's four columns) and pushes a 320 px page sideways.
 */
export function ScreenReaderTable({ children }: { children: ReactNode }) {
  return (
    <div className="visually-hidden">
      <table>{children}</table>
    </div>
  );
}
