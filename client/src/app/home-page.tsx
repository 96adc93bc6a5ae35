import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { logout, useUsername } from '../features/session/session-api.ts';

/** Home (spec §2): the welcome line and Logout. The other menu entries come with their screens. */
export function HomePage() {
  const { username } = useUsername();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    await logout().catch(() => undefined);
    queryClient.clear();
    navigate('/');
  };
  return (
    <main className="home">
      <h2>Welcome, {username || 'guest'}!</h2>
      <button type="button" onClick={signOut}>
        Logout
      </button>
    </main>
  );
}
