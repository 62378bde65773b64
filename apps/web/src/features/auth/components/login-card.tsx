import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LogoMark } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { publicConfigQueryOptions, usePublicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { getGoogleIdToken, preloadSignIn } from '../utils/google-id-token';
import { signInErrorMessage } from '../utils/sign-in-errors';
import { GoogleIcon } from './google-icon';

/** The sign-in card. `notice` is a message carried over from the previous session (e.g. logout). */
export function LoginCard({ notice }: { notice: string | null }) {
  useDocumentTitle('Entrar');
  const queryClient = useQueryClient();
  const { signInWithIdToken } = useSession();
  const config = usePublicConfig();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [noticeVisible, setNoticeVisible] = useState(true);
  const attempt = useRef<AbortController | null>(null);

  // Leaving the screen abandons a sign-in still waiting for its popup.
  useEffect(() => () => attempt.current?.abort(), []);

  useEffect(() => {
    if (config.data) preloadSignIn(config.data.auth);
  }, [config.data]);

  async function signIn() {
    setPending(true);
    setError(null);
    setNoticeVisible(false);
    const controller = new AbortController();
    attempt.current = controller;
    try {
      const { auth } = config.data ?? (await queryClient.fetchQuery(publicConfigQueryOptions));
      const idToken = await getGoogleIdToken(auth, controller.signal);
      await signInWithIdToken(idToken);
    } catch (cause) {
      if (controller.signal.aborted) return;
      setError(signInErrorMessage(cause));
      setPending(false);
    }
  }

  const message = error ?? (noticeVisible ? notice : null);
  return (
    <div className="login-box">
      <section className="card login-card" aria-labelledby="login-title">
        <LogoMark size={48} />
        <h1 id="login-title" className="login-title">
          Assistente de Normas
        </h1>
        <p className="login-subtitle">
          Tire dúvidas sobre as Normas Regulamentadoras e receba respostas com os itens citados.
        </p>
        <button
          type="button"
          className="button button--google"
          onClick={signIn}
          disabled={pending}
          aria-busy={pending}
        >
          {pending ? <Spinner /> : <GoogleIcon />}
          Continuar com Google
        </button>
      </section>
      {message && (
        <p role="alert" className="login-error">
          {message}
        </p>
      )}
    </div>
  );
}
