import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { LoginCard } from '../../features/auth/components/login-card';
import { homePath } from '../../lib/home-path';
import { useSession } from '../../lib/session';

function redirectTarget(state: unknown, home: string): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const { from } = state;
    // Only paths inside this app: never follow a full URL handed over in history state.
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return home;
}

export function LoginRoute() {
  const { status, user, signOutOutcome } = useSession();
  const location = useLocation();

  if (status === 'signed-in' && user)
    return <Navigate to={redirectTarget(location.state, homePath(user))} replace />;
  if (status === 'checking') return <PageLoading />;
  return (
    <main className="login-page">
      <LoginCard notice={signOutOutcome?.notice ?? null} />
    </main>
  );
}
