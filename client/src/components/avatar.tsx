import styles from './avatar.module.css';

/**
 * A player's initial in a disc: players have no pictures, and a name list scans faster with a
 * mark at the start of each row. Decorative: the name beside it is what is read out.
 */
export function Avatar({ name, size = 'small' }: { name: string; size?: 'small' | 'large' }) {
  return (
    <span aria-hidden="true" className={`${styles.avatar} ${size === 'large' ? styles.large : ''}`}>
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
