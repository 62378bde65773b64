import type { LoginResponse, PublicConfig } from '@normas/contracts/auth';
import { APP_VERSION } from '@normas/contracts/constants';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import {
  createDevIdentityProvider,
  type DevIdentityProvider,
} from '../dev-auth/dev-identity-provider';
import { toUserDto, type UsersRepository } from '../users/users.repository';
import { createFirebaseIdTokenVerifier, type IdTokenVerifier } from './id-token.verifier';
import type { FetchLike } from './remote-key-set';
import type { AuthContext, SessionService } from './session.service';

export const DEV_SIGN_IN_PATH = '/dev-auth/sign-in';

/**
 * Firebase when a project is configured; otherwise the development identity provider, whose
 * tokens go through the same verifier.
 */
export function createIdentity(
  config: Config,
  fetchKeys: FetchLike | undefined,
): {
  verifier: IdTokenVerifier;
  devIdentity: DevIdentityProvider | undefined;
} {
  if (config.firebase) {
    return {
      verifier: createFirebaseIdTokenVerifier({
        projectId: config.firebase.projectId,
        fetch: fetchKeys ?? fetch,
      }),
      devIdentity: undefined,
    };
  }
  const devIdentity = createDevIdentityProvider({
    dataDir: config.dataDir,
    publicOrigin: config.publicOrigin,
  });
  return { verifier: devIdentity.verifier, devIdentity };
}

export function createAuthService(deps: {
  config: Config;
  verifier: IdTokenVerifier;
  users: UsersRepository;
  sessions: SessionService;
}) {
  return {
    /** Exchanges a Google ID token for our own session token, creating the user on first sign-in. */
    async login(idToken: string): Promise<LoginResponse> {
      const identity = await deps.verifier.verify(idToken);
      const sameEmail = await deps.users.findByEmail(identity.email);
      // A second Google account claiming an address we already hold must not take that user over.
      if (sameEmail && sameEmail.firebaseUid !== identity.uid)
        throw new AppError('ACCOUNT_CONFLICT');
      const user = await deps.users.upsertFromIdentity(identity);
      const token = await deps.sessions.issue(user.id);
      return { token, user: toUserDto(user) };
    },

    logout: (auth: AuthContext) => deps.sessions.revoke(auth.sessionId),

    publicConfig(): PublicConfig {
      const { config } = deps;
      return {
        auth: config.firebase
          ? { mode: 'firebase', firebase: { ...config.firebase } }
          : { mode: 'dev', signInUrl: DEV_SIGN_IN_PATH },
        supportWhatsapp: config.supportWhatsapp,
        privacyUrl: config.privacyUrl,
        version: APP_VERSION,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
