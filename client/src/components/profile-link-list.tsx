import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { Avatar } from './avatar.tsx';
import { TruncatedName } from './truncated-name.tsx';
import styles from './profile-link-list.module.css';

/**
 * Players' names, each a link to their profile: the friends list and the search results of the
 * Friends screen, and the Friends box of a profile. Links, so a name can be opened in
 * a new tab and the keyboard reaches it; the whole row is the link.
 */
export function ProfileLinkList({
  names,
  label,
}: {
  names: ReadonlyArray<{ key: number | string; name: string }>;
  /** What the list is, for screen readers (the heading above it says it for the eye). */
  label: string;
}) {
  return (
    <ul className={styles.list} aria-label={label}>
      {names.map(({ key, name }) => (
        <li key={key}>
          <Link to={clientPath('/profile/:username', { username: name })} className={styles.link}>
            <Avatar name={name} />
            <TruncatedName name={name} className={styles.name} />
            <span aria-hidden="true" className={styles.chevron}>
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
