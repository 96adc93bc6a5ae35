import { StandalonePage } from '@/components/standalone-page.tsx';
import { SUPPORT_EMAIL } from '@/config/env.ts';
import { PRIVACY_AGE_THRESHOLD, STUDIO_NAME } from '../studio.ts';
import styles from './info-page.module.css';

/** The third-party services the app uses (play services, ads, crash reports). */
export const THIRD_PARTY_SERVICES = [
  { name: 'Google Play Services', kind: 'play services' },
  { name: 'AdMob', kind: 'ads' },
  { name: 'Firebase Crashlytics', kind: 'crash reporting' },
] as const;

/**
 * The privacy policy (docs/PRODUCT.md, 'Studio, privacy and mobile pages'), static text with these
 * sections: information collection and use, log data, cookies, service providers, security, links
 * to other sites, children's privacy (under 13), changes, and contact. Outside the shell.
 */
export function PrivacyPage() {
  return (
    <StandalonePage labelledBy="privacy-title">
      <article className={styles.article}>
        <h1 id="privacy-title">Privacy Policy</h1>
        <p className={styles.lead}>
          {STUDIO_NAME} built Jotto as a free game. This page tells you what information we collect
          when you play it, on the web or on your phone, and what we do with it. We do not use or
          share your information with anyone except as described here.
        </p>

        <h2>Information Collection and Use</h2>
        <p>
          To play as a guest you give us nothing. To save your games, play versus, send challenges
          and keep friends you create an account with a username, a password and an e-mail address,
          or sign in through a social network, which tells us who you are there. We keep your games,
          scores, friends and challenges to run the game, show your profile and compute the
          leaderboards. Your e-mail address is used to verify your account and is never shown to
          other players. If you allow notifications, we keep your device&apos;s push token to tell
          you when you are challenged or when it is your move.
        </p>
        <p>
          The app also uses third-party services that may collect information used to identify you
          (see Service Providers below).
        </p>

        <h2>Log Data</h2>
        <p>
          Whenever you use the game, our servers record the requests your browser or device sends,
          as every web service does: your device&apos;s Internet Protocol (IP) address, the browser
          or device and its version, the pages you open, the time and date, and errors that
          occurred. In the mobile app, when something goes wrong, we may also collect data about
          your phone (device name, operating system version, the app&apos;s configuration) through a
          crash-reporting service. We use log data to keep the game running and safe, for example to
          limit repeated failed logins.
        </p>

        <h2>Cookies</h2>
        <p>
          Cookies are small files that a website stores in your browser. Jotto uses one cookie to
          keep you signed in (or to keep a guest&apos;s game for a day) and short-lived cookies to
          protect social sign-in. We do not use cookies for advertising. Third-party services
          described below may use cookies of their own to collect information and improve their
          services; you can refuse cookies in your browser&apos;s settings, but then you cannot stay
          signed in.
        </p>

        <h2>Service Providers</h2>
        <p>We may employ third-party companies and services to:</p>
        <ul>
          <li>provide the game or parts of it on our behalf;</li>
          <li>perform services related to the game, such as notifications; or</li>
          <li>help us understand how the game is used and fix what goes wrong.</li>
        </ul>
        <p>
          These third parties have access to the information they need to perform these tasks for us
          and are obliged not to disclose or use it for any other purpose. The app uses these
          third-party services, each with its own privacy policy:
        </p>
        <ul>
          {THIRD_PARTY_SERVICES.map(({ name, kind }) => (
            <li key={name}>
              {name} ({kind})
            </li>
          ))}
        </ul>
        <p>
          On the web, push notifications are delivered through a push-messaging service, and page
          views may be counted by an analytics service, when the site is set up to use them.
        </p>

        <h2>Security</h2>
        <p>
          We value your trust in providing us your information, and we use commercially acceptable
          means of protecting it: passwords are stored only as salted hashes, and sessions travel in
          secure cookies. But no method of transmission over the internet or of electronic storage
          is 100% secure and reliable, and we cannot guarantee its absolute security.
        </p>

        <h2>Links to Other Sites</h2>
        <p>
          The game may contain links to other sites, such as a social network to share a result on.
          If you follow such a link, you leave Jotto. Those sites are not operated by us, and we
          strongly advise you to review their privacy policies. We have no control over and assume
          no responsibility for the content, privacy policies or practices of any third-party sites
          or services.
        </p>

        <h2>Children&apos;s Privacy</h2>
        <p>
          Jotto is not directed to anyone under the age of {PRIVACY_AGE_THRESHOLD}. We do not
          knowingly collect personal information from children under {PRIVACY_AGE_THRESHOLD}. If we
          learn that a child under {PRIVACY_AGE_THRESHOLD} has given us personal information, we
          delete it from our servers at once. If you are a parent or guardian and you know that your
          child has given us personal information, please contact us so that we can delete it.
        </p>

        <h2>Changes to This Privacy Policy</h2>
        <p>
          We may update this privacy policy from time to time, so please review this page
          periodically. We will post any change on this page; changes take effect as soon as they
          are posted.
        </p>

        <h2>Contact Us</h2>
        <p>
          If you have any questions or suggestions about this privacy policy, contact us at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </article>
    </StandalonePage>
  );
}
