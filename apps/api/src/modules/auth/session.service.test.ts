import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-app';
import { createUsersRepository, type UserRow } from '../users/users.repository';
import { createSessionService } from './session.service';
import { sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { MAX_SESSIONS_PER_USER, createSessionsRepository } from './sessions.repository';

const SECRET = 'segredo-de-teste-com-tamanho-suficiente-para-hs256';
const TTL = 3600;

let handle: { database: Database; drop(): Promise<void> };
let user: UserRow;

beforeAll(async () => {
  handle = await openTestDatabase();
  user = await createUsersRepository(handle.database.db).upsertFromIdentity({
    uid: 'uid-sessao',
    email: 'sessao@exemplo.com.br',
    name: 'Sessão',
    photoUrl: null,
  });
});
afterAll(async () => {
  await handle.database.close();
  await handle.drop();
});

/** A session service on a clock the test moves, counting the session-row look-ups. */
function service(options: { secret?: string; verifiedTokens?: number } = {}) {
  const clock = { ms: Date.now() };
  const repository = createSessionsRepository(handle.database.db);
  const lookups = { count: 0 };
  const sessions = {
    ...repository,
    findActiveWithUser(id: string) {
      lookups.count++;
      return repository.findActiveWithUser(id);
    },
  };
  const s = createSessionService({
    secret: options.secret ?? SECRET,
    ttlSeconds: TTL,
    sessions,
    now: () => clock.ms,
    verifiedTokens: options.verifiedTokens,
  });
  return { s, clock, lookups };
}

/** A token signed with the right secret, issuer and audience (copied from `own`), with any sid/sub. */
const signedLike = (own: { iss?: string; aud?: unknown }, claims: { sid: unknown; sub: string }) =>
  new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(own.iss!)
    .setAudience(own.aud as string)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SECRET));

const rejects = (promise: Promise<unknown>) =>
  expect(promise).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });

describe('session tokens', () => {
  it('accepts its own token again and again, checking the session row every time', async () => {
    const { s, lookups } = service();
    const token = await s.issue(user.id);
    for (let i = 0; i < 3; i++) {
      const auth = await s.authenticate(token);
      expect(auth.user.id).toBe(user.id);
      expect(auth.sessionId).toBe(decodeJwt(token).sid);
    }
    expect(lookups.count).toBe(3);
  });

  it('rejects a token already verified once after its session is revoked', async () => {
    const { s } = service();
    const token = await s.issue(user.id);
    const { sessionId } = await s.authenticate(token);
    await s.revoke(sessionId);
    await rejects(s.authenticate(token));
    await rejects(s.authenticate(token));
  });

  it('rejects a token already verified once from the second its exp is reached', async () => {
    const { s, clock } = service();
    const token = await s.issue(user.id);
    const { exp } = decodeJwt(token);
    await s.authenticate(token);
    // The session row is still valid in the database: only the token's own expiry can refuse it.
    clock.ms = exp! * 1000 - 1;
    await expect(s.authenticate(token)).resolves.toMatchObject({ user: { id: user.id } });
    clock.ms = exp! * 1000;
    await rejects(s.authenticate(token));
    clock.ms = exp! * 1000 + 60_000;
    await rejects(s.authenticate(token));
  });

  it('rejects tampered variants of a token it has already verified', async () => {
    const { s } = service();
    const token = await s.issue(user.id);
    await s.authenticate(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = decodeJwt(token);
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp! + 86_400 })).toString(
      'base64url',
    );
    // The second-to-last character: all six of its bits are signature (the last one has padding bits).
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.slice(-1)}`;
    expect(flipped).not.toBe(signature);
    for (const forged of [
      `${header}.${longer}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
    ]) {
      await rejects(s.authenticate(forged));
    }
    // The genuine token still works.
    await expect(s.authenticate(token)).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('rejects a token signed with another secret, or for another issuer or audience', async () => {
    const other = service({ secret: 'outro-segredo-de-teste-tambem-bem-comprido' });
    const { s } = service();
    const foreign = await other.s.issue(user.id);
    await other.s.authenticate(foreign);
    await rejects(s.authenticate(foreign));

    const own = decodeJwt(await s.issue(user.id));
    const key = new TextEncoder().encode(SECRET);
    const signed = (iss: string, aud: string) =>
      new SignJWT({ sid: own.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
    await expect(s.authenticate(await signed(own.iss!, own.aud as string))).resolves.toMatchObject({
      user: { id: user.id },
    });
    await rejects(s.authenticate(await signed('outro-emissor', own.aud as string)));
    await rejects(s.authenticate(await signed(own.iss!, 'outra-audiencia')));
  });

  it('rejects a token whose subject is not the session owner', async () => {
    const { s } = service();
    const own = decodeJwt(await s.issue(user.id));
    const other = await createUsersRepository(handle.database.db).upsertFromIdentity({
      uid: 'uid-outro',
      email: 'outro@exemplo.com.br',
      name: 'Outro',
      photoUrl: null,
    });
    await rejects(s.authenticate(await signedLike(own, { sid: own.sid, sub: other.id })));
  });

  it('keeps working past its cache size', async () => {
    const { s, lookups } = service({ verifiedTokens: 2 });
    const tokens = await Promise.all([1, 2, 3, 4].map(() => s.issue(user.id)));
    for (const token of [...tokens, ...tokens]) {
      await expect(s.authenticate(token)).resolves.toMatchObject({ user: { id: user.id } });
    }
    expect(lookups.count).toBe(8);
  });

  it.each(['nao-e-uuid', "'; drop table sessions; --", '', '123'])(
    'answers 401, not 500, to a correctly signed token whose sid is %j',
    async (sid) => {
      const { s } = service();
      const own = decodeJwt(await s.issue(user.id));
      await rejects(s.authenticate(await signedLike(own, { sid, sub: user.id })));
    },
  );
});

describe('session rows', () => {
  const sessionsOf = async (userId: string) => {
    const result = await handle.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where user_id = ${userId}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it(`are capped at ${MAX_SESSIONS_PER_USER} per user: signing in again ends the oldest`, async () => {
    const someone = await createUsersRepository(handle.database.db).upsertFromIdentity({
      uid: 'uid-muitos-logins',
      email: 'muitos.logins@exemplo.com.br',
      name: 'Muitos Logins',
      photoUrl: null,
    });
    const { s } = service();
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 5; i++) tokens.push(await s.issue(someone.id));
    expect(await sessionsOf(someone.id)).toBe(MAX_SESSIONS_PER_USER);
    for (const old of tokens.slice(0, 5)) await rejects(s.authenticate(old));
    for (const recent of tokens.slice(5)) {
      await expect(s.authenticate(recent)).resolves.toMatchObject({ user: { id: someone.id } });
    }
  });

  it('do not outlive their expiry: a sign-in purges expired and revoked ones', async () => {
    const someone = await createUsersRepository(handle.database.db).upsertFromIdentity({
      uid: 'uid-sessoes-velhas',
      email: 'sessoes.velhas@exemplo.com.br',
      name: 'Sessões Velhas',
      photoUrl: null,
    });
    // Rows as an older build (or a quiet week) left them: expired, and one revoked.
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await handle.database.db.insert(sessions).values([
      { userId: someone.id, expiresAt: past },
      { userId: someone.id, expiresAt: past },
      { userId: someone.id, expiresAt: future, revokedAt: past },
    ]);
    expect(await sessionsOf(someone.id)).toBe(3);

    const { s } = service();
    await s.issue(someone.id);
    expect(await sessionsOf(someone.id)).toBe(1);
    const expired = await handle.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where expires_at <= now()`,
    );
    expect((expired as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
