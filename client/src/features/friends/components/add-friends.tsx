import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useAlert } from '@/components/alert-provider.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { ProfileLinkList } from '@/components/profile-link-list.tsx';
import { searchUsersQuery } from '../api/friends-api.ts';
import { LOADING_LIST } from './friend-lists.tsx';
import styles from './friends-page.module.css';

/** What a search the server did not answer with ok alerts. */
export const SEARCH_FAILED = 'something went wrong';

/**
 * The Add Friends tab (docs/PRODUCT.md, 'Friends screen'): 'Search for friends:', a Username input
 * where Enter runs the search (no check first: an empty name is sent too), and the players found,
 * each opening their profile, where 'Add friend' is.
 */
export function AddFriends() {
  const showAlert = useAlert();
  const inputId = useId();
  const [username, setUsername] = useState('');
  // The name last searched for; null before the first search.
  const [searched, setSearched] = useState<string | null>(null);
  const search = useQuery({
    ...searchUsersQuery(searched ?? ''),
    enabled: searched !== null,
  });
  useEffect(() => {
    if (search.error) showAlert(SEARCH_FAILED);
  }, [search.error, showAlert]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same name again is a new search (someone may have registered since), but not while
    // that search is still on its way: a repeat (a double click) joins it rather than cancel
    // and resend it.
    if (username === searched) void search.refetch({ cancelRefetch: false });
    else setSearched(username);
  };

  return (
    <section aria-labelledby="search-title" className={styles.box}>
      <h2 id="search-title" className={styles.heading}>
        Search for friends:
      </h2>
      <form
        className={styles.search}
        onSubmit={submit}
        role="search"
        aria-label="Search for friends"
      >
        <label htmlFor={inputId} className={styles.label}>
          Username
        </label>
        <div className={styles.searchRow}>
          <input
            id={inputId}
            type="search"
            className={`input ${styles.searchInput}`}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
          />
          <BusyButton type="submit" className="button button-primary" busy={search.isFetching}>
            Search
          </BusyButton>
        </div>
      </form>
      {search.isFetching && !search.data ? (
        <p className={styles.note} role="status">
          {LOADING_LIST}
        </p>
      ) : search.data?.users.length ? (
        <ProfileLinkList
          label="Players found"
          names={search.data.users.map(({ id, username: name }) => ({ key: id, name }))}
        />
      ) : search.data ? (
        <p className={styles.note} role="status">
          No players found.
        </p>
      ) : null}
    </section>
  );
}
