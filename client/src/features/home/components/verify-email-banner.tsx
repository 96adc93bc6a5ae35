import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { callEndpoint } from '@/lib/api-endpoint.ts';
import { useSession } from '@/lib/session.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import styles from './home-banner.module.css';

/** The query key of `GET /user/verification`. */
export const VERIFICATION_QUERY_KEY = ['verification'] as const;

/** What the banner says once the mail went out again. */
export const RESENT_MESSAGE = 'Sent! Check your inbox.';

/**
 * 'Check your e-mail' on Home (docs/PRODUCT.md, 'Verification mail'): while the link mailed at
 * registration has not been opened, the address it went to and 'Send again' ('Sending...' while
 * on its way, one request however often pressed; then 'Sent! Check your inbox.', or the
 * server's sentence, such as the rate limit's). Asked again whenever Home opens or the window
 * regains focus, so it goes once the link was opened, in this tab or another.
 */
export function VerifyEmailBanner() {
  const { username } = useSession();
  const titleId = useId();
  const { data } = useQuery({
    queryKey: VERIFICATION_QUERY_KEY,
    queryFn: () => callEndpoint('verification'),
    enabled: username !== '',
    staleTime: 0,
  });
  const resend = useMutation({ mutationFn: () => callEndpoint('resendVerification') });
  const gate = useSingleFlight();
  if (!username || data?.verification !== 'pending') return null;
  const outcome = resend.isSuccess
    ? RESENT_MESSAGE
    : resend.isError
      ? errorMessage(resend.error)
      : '';
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Check your e-mail
      </h2>
      <p className={styles.text}>
        We sent a link to <strong className={styles.email}>{data.email}</strong>. Open it to verify
        your account.
      </p>
      <div className={styles.actions}>
        <BusyButton
          className="button"
          busy={gate.busy}
          onClick={() => gate.run(() => resend.mutateAsync())}
        >
          {gate.busy ? 'Sending...' : 'Send again'}
        </BusyButton>
        <p role="status" className={styles.outcome} data-failed={resend.isError || undefined}>
          {gate.busy ? '' : outcome}
        </p>
      </div>
    </section>
  );
}
