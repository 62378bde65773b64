import { lazySchema } from './lazy-schema';

/** The auth contract's schemas as the shell uses them: loaded on first use (see lazy-schema.ts). */
const authContracts = () => import('@normas/contracts/auth');

export const UserSchema = lazySchema(() => authContracts().then((m) => m.UserSchema));
export const LoginResponseSchema = lazySchema(() =>
  authContracts().then((m) => m.LoginResponseSchema),
);
export const LogoutResponseSchema = lazySchema(() =>
  authContracts().then((m) => m.LogoutResponseSchema),
);
export const PublicConfigSchema = lazySchema(() =>
  authContracts().then((m) => m.PublicConfigSchema),
);
