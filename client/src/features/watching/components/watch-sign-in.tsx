import { SignInLinks } from '@/components/sign-in-links.tsx';
import listPage from '@/components/list-page.module.css';

/** Watching needs an account (docs/PRODUCT.md, 'Watching'); what a guest is told. */
export const GUEST_WATCH = 'You must be logged in to watch games';

/** A guest's Watch screen: the sentence, and the ways to sign in. */
export function WatchSignIn() {
  return (
    <div className={listPage.empty}>
      <p className={listPage.sentence}>{GUEST_WATCH}</p>
      <SignInLinks />
    </div>
  );
}
