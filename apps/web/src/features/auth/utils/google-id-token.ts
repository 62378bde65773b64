import type { PublicConfig } from '@normas/contracts/auth';
import type { Auth } from 'firebase/auth';
import { SignInError } from './sign-in-errors';

type AuthConfig = PublicConfig['auth'];
type FirebaseConfig = Extract<AuthConfig, { mode: 'firebase' }>['firebase'];

const DEV_POPUP_FEATURES = 'popup,width=480,height=640';
const POPUP_POLL_MS = 500;
/** The popup posts its token and closes itself: on a busy machine the close can be seen first. */
const CLOSED_POPUP_GRACE_MS = 1000;

let firebaseAuth: Promise<Auth> | null = null;

/**
 * Firebase is imported only here, so it loads on the login route and nowhere else. The session
 * is kept in memory: our own token is the session, Firebase only vouches for the Google account.
 */
function loadFirebaseAuth(config: FirebaseConfig): Promise<Auth> {
  firebaseAuth ??= Promise.all([import('firebase/app'), import('firebase/auth')]).then(
    ([app, auth]) =>
      auth.initializeAuth(app.initializeApp(config), {
        persistence: auth.inMemoryPersistence,
        popupRedirectResolver: auth.browserPopupRedirectResolver,
      }),
  );
  firebaseAuth.catch(() => {
    firebaseAuth = null;
  });
  return firebaseAuth;
}

/** Starts loading the sign-in code early so that the popup opens close to the click. */
export function preloadSignIn(config: AuthConfig): void {
  if (config.mode === 'firebase') loadFirebaseAuth(config.firebase).catch(() => undefined);
}

async function getFirebaseIdToken(config: FirebaseConfig): Promise<string> {
  const auth = await loadFirebaseAuth(config);
  const { GoogleAuthProvider, signInWithPopup } = await import('firebase/auth');
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const credential = await signInWithPopup(auth, provider);
  return credential.user.getIdToken();
}

function isDevIdTokenMessage(
  data: unknown,
): data is { type: 'dev-auth:id-token'; idToken: string } {
  if (typeof data !== 'object' || data === null) return false;
  const { type, idToken } = data as Record<string, unknown>;
  return type === 'dev-auth:id-token' && typeof idToken === 'string' && idToken !== '';
}

/**
 * The development identity provider signs in through a popup page served by our API, which
 * posts the ID token back. Failures use Firebase's codes so that one message table covers both.
 */
function getDevIdToken(signInUrl: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const popup = window.open(signInUrl, 'dev-auth', DEV_POPUP_FEATURES);
    if (!popup) {
      reject(new SignInError('auth/popup-blocked'));
      return;
    }
    let graceTimer: number | undefined;
    const stop = () => {
      window.clearInterval(timer);
      window.clearTimeout(graceTimer);
      window.removeEventListener('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      popup.close();
      reject(signal?.reason);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isDevIdTokenMessage(event.data)) return;
      stop();
      resolve(event.data.idToken);
    };
    const timer = window.setInterval(() => {
      if (!popup.closed || graceTimer !== undefined) return;
      // A token posted just before the popup closed may still be on its way.
      graceTimer = window.setTimeout(() => {
        stop();
        reject(new SignInError('auth/popup-closed-by-user'));
      }, CLOSED_POPUP_GRACE_MS);
    }, POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
    signal?.addEventListener('abort', onAbort);
  });
}

/** `signal` abandons a development popup sign-in (Firebase's own popup cannot be cancelled). */
export function getGoogleIdToken(config: AuthConfig, signal?: AbortSignal): Promise<string> {
  return config.mode === 'firebase'
    ? getFirebaseIdToken(config.firebase)
    : getDevIdToken(config.signInUrl, signal);
}
