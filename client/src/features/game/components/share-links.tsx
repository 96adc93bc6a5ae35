import styles from './share-links.module.css';

/** The tweet's text. */
export const SHARE_TEXT = 'Check out this fun game I just played!';

/**
 * The two share links of the end screen: a Facebook share and a tweet. They share
 * the app, not this game: a game's page is its players' alone.
 */
export function ShareLinks({ appUrl }: { appUrl: string }) {
  const url = encodeURIComponent(appUrl);
  return (
    <div className={styles.share}>
      <a
        className="button"
        href={`https://www.facebook.com/sharer/sharer.php?u=${url}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Share on Facebook
      </a>
      <a
        className="button"
        href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(SHARE_TEXT)}&url=${url}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Tweet
      </a>
    </div>
  );
}
