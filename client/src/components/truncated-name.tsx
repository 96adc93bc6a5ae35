import styles from './truncated-name.module.css';

/**
 * A player's name on one line. Where its box is narrower than the name (a 14-character name in
 * a table column at 320 px), the end gives way to an ellipsis and the whole name stays in the
 * tooltip; the text itself is whole, so a screen reader reads the full name. Names are never
 * broken mid-word, and never push the page sideways: the box that holds this must be allowed to
 * shrink (a flex item with `min-width: 0`, or a table cell with `max-width: 0`).
 */
export function TruncatedName({ name, className }: { name: string; className?: string }) {
  return (
    <span className={className ? `${styles.name} ${className}` : styles.name} title={name}>
      {name}
    </span>
  );
}
