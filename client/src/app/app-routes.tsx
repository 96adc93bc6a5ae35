import { Navigate, Route, Routes } from 'react-router-dom';
import { FinalizePage } from './finalize-page.tsx';
import { HomePage } from './home-page.tsx';
import { LandingPage } from './landing-page.tsx';

/** The client routes built so far; the remaining spec §2 routes arrive with their screens. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/home" element={<HomePage />} />
      {/* Social sign-in lands on /login?error=… when it fails: the landing page shows it. */}
      <Route path="/login" element={<LandingPage />} />
      <Route path="/finalize" element={<FinalizePage />} />
      <Route path="*" element={<Navigate to="/home" replace />} />
    </Routes>
  );
}
