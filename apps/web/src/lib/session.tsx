import type { User } from '@normas/contracts/auth';
import { CACHE_MS } from '@normas/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { setUnauthorizedHandler } from './api-client';
import { getMe, meQueryKey, postLogin, postLogout } from './auth-api';
import {
  clearStoredSession,
  readStoredUser,
  readStoredUserNow,
  readToken,
  writeStoredUser,
  writeToken,
} from './stored-session';

export const SIGN_OUT_ERROR = 'Erro ao tentar fazer logout';
export const PROFILE_REFRESH_ERROR = 'Erro ao atualizar perfil do usuário';

export type SessionStatus = 'signed-out' | 'checking' | 'signed-in';

/** Why the last session ended by the user's own hand; the login screen shows `notice` if any. */
export interface SignOutOutcome {
  notice: string | null;
}

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** Set when the user signed out (as opposed to an expired session), until the next sign-in. */
  signOutOutcome: SignOutOutcome | null;
  signInWithIdToken: (idToken: string) => Promise<User>;
  signOut: () => Promise<void>;
  /** Fetches the profile again (e.g. after a plan change); rejects with PROFILE_REFRESH_ERROR. */
  refreshProfile: () => Promise<User>;
}

const SessionContext = createContext<Session | null>(null);

function sameUser(a: User | null, b: User): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

/** Fetches the profile and keeps the stored copy in step with it (spec §4). */
async function fetchAndStoreProfile(signal?: AbortSignal): Promise<User> {
  const user = await getMe({ signal });
  if (readToken() && !sameUser(readStoredUserNow(), user)) writeStoredUser(user);
  return user;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(readToken);
  const [signOutOutcome, setSignOutOutcome] = useState<SignOutOutcome | null>(null);

  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchAndStoreProfile(signal),
    enabled: token !== null,
    staleTime: CACHE_MS.profile,
    // A failed check ends the session at once (spec §4); retrying would only delay it.
    retry: false,
    // The stored user is shown first, then replaced by the server's answer; updatedAt 0 makes it stale.
    initialData: () => (readToken() ? (readStoredUserNow() ?? undefined) : undefined),
    initialDataUpdatedAt: 0,
  });

  // On a fresh page the user's schema is still on its way: the stored user is checked as soon as it
  // arrives, and shown unless the server's profile came first.
  const waitingForUser = token !== null && me.data === undefined;
  useEffect(() => {
    if (!waitingForUser) return;
    let current = true;
    void readStoredUser().then(
      (stored) => {
        if (current && stored && queryClient.getQueryData(meQueryKey) === undefined)
          queryClient.setQueryData(meQueryKey, stored, { updatedAt: 0 });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [waitingForUser, queryClient]);

  const endSession = useCallback(() => {
    clearStoredSession();
    queryClient.clear();
    setToken(null);
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(endSession);
    return () => setUnauthorizedHandler(null);
  }, [endSession]);

  const checkFailed = token !== null && me.isError;
  useEffect(() => {
    if (checkFailed) endSession();
  }, [checkFailed, endSession]);

  const signInWithIdToken = useCallback(
    async (idToken: string) => {
      const login = await postLogin(idToken);
      writeToken(login.token);
      let user = login.user;
      try {
        user = await getMe({ ignoreUnauthorized: true });
      } catch {
        // Spec §4: when the profile fetch fails right after login, the login response's user is used.
      }
      writeStoredUser(user);
      queryClient.setQueryData(meQueryKey, user);
      setSignOutOutcome(null);
      setToken(login.token);
      return user;
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    let notice: string | null = null;
    try {
      await postLogout();
    } catch {
      notice = SIGN_OUT_ERROR;
    }
    setSignOutOutcome({ notice });
    endSession();
  }, [endSession]);

  const refreshProfile = useCallback(async () => {
    try {
      return await queryClient.fetchQuery({
        queryKey: meQueryKey,
        queryFn: ({ signal }) => fetchAndStoreProfile(signal),
        staleTime: 0,
      });
    } catch {
      throw new Error(PROFILE_REFRESH_ERROR);
    }
  }, [queryClient]);

  const user = token !== null && !checkFailed ? (me.data ?? null) : null;
  const status: SessionStatus = token === null ? 'signed-out' : user ? 'signed-in' : 'checking';

  const value = useMemo<Session>(
    () => ({ status, user, signOutOutcome, signInWithIdToken, signOut, refreshProfile }),
    [status, user, signOutOutcome, signInWithIdToken, signOut, refreshProfile],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** For screens that only render inside the signed-in layout, where a user always exists. */
export function useSignedInUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser must be used inside the signed-in layout');
  return user;
}
