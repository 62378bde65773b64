import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { useSession } from '../../lib/session';

/** Where a signed-out visitor was going, so that the login screen can send them back. */
export interface LoginRedirectState {
  from: string;
}

export function RequireAuth() {
  const { status, signOutOutcome } = useSession();
  const location = useLocation();

  if (status === 'checking') return <PageLoading />;
  if (status === 'signed-out') {
    // After "Sair da conta" the next sign-in starts afresh at /chat; an expired session resumes.
    const state: LoginRedirectState | null = signOutOutcome
      ? null
      : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
