import { useNavigate } from 'react-router';
import { clearStorage } from '@/lib/storage';

/**
 * Where a password just set (an invitation accepted, a reset) leads: to
 * /login, with this browser's session cleared, since whoever was signed in
 * here is not the person who set it.
 */
export function useFreshLogin() {
  const navigate = useNavigate();
  return () => {
    clearStorage();
    void navigate('/login', { replace: true });
  };
}
