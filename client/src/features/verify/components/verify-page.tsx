import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { StandalonePage } from '@/components/standalone-page.tsx';
import { verifyQuery } from '../api/verify-api.ts';
import styles from './verify-page.module.css';

/** How long 'Verified!' shows before the landing page. */
export const VERIFIED_REDIRECT_MS = 800;

/**
 * Verify (docs/PRODUCT.md, 'Verify page'), the link of the verification e-mail, outside the
 * shell: 'Verifying...', then 'Verified!' and the landing page 0.8 s later, or 'Error verifying!'.
 */
export function VerifyPage() {
  const { username = '', verifyCode = '' } = useParams();
  const navigate = useNavigate();
  const verify = useQuery(verifyQuery({ username, verifyCode }));
  const verified = verify.isSuccess;
  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(
      () => navigate(clientPath('/'), { replace: true }),
      VERIFIED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [verified, navigate]);
  return (
    <StandalonePage labelledBy="verify-title" width="form">
      <div className={styles.verify}>
        <h1 id="verify-title" className={styles.title}>
          Account verification
        </h1>
        <p role="status" className={`${styles.state} ${verify.isError ? styles.error : ''}`}>
          {verify.isPending ? 'Verifying...' : verified ? 'Verified!' : 'Error verifying!'}
        </p>
      </div>
    </StandalonePage>
  );
}
