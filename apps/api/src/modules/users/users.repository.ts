import type { PlanId } from '@normas/contracts/plans';
import type { User } from '@normas/contracts/auth';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export interface IdentityProfile {
  uid: string;
  email: string;
  name: string;
  photoUrl: string | null;
}

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    uid: row.firebaseUid,
    email: row.email,
    name: row.name,
    photoURL: row.photoUrl,
    plan: row.plan,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()))
        .limit(1);
      return row;
    },

    /** Creates the user on first sign-in; later sign-ins refresh name, e-mail and photo. */
    async upsertFromIdentity(profile: IdentityProfile): Promise<UserRow> {
      const email = profile.email.trim().toLowerCase();
      const [row] = await db
        .insert(users)
        .values({ firebaseUid: profile.uid, email, name: profile.name, photoUrl: profile.photoUrl })
        .onConflictDoUpdate({
          target: users.firebaseUid,
          set: { email, name: profile.name, photoUrl: profile.photoUrl, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    async setPlanByEmail(email: string, plan: PlanId): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ plan, updatedAt: sql`now()` })
        .where(eq(users.email, email.trim().toLowerCase()))
        .returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
