import type { EstablishmentInput } from '@normas/contracts/establishments';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments } from '../../db/schema';

export type EstablishmentRow = typeof establishments.$inferSelect;

type Fields = Omit<EstablishmentInput, 'active'>;

/**
 * A user's establishment profiles; each user reads and changes only their own. The active flag is
 * moved inside one transaction, and a partial unique index keeps it on at most one profile.
 */
export function createEstablishmentsRepository(db: Db) {
  return {
    /** Newest first. */
    async listForUser(userId: string): Promise<EstablishmentRow[]> {
      return db
        .select()
        .from(establishments)
        .where(eq(establishments.userId, userId))
        .orderBy(desc(establishments.createdAt), desc(establishments.id))
        .limit(100);
    },

    async findForUser(userId: string, id: string): Promise<EstablishmentRow | undefined> {
      const [row] = await db
        .select()
        .from(establishments)
        .where(and(eq(establishments.id, id), eq(establishments.userId, userId)))
        .limit(1);
      return row;
    },

    async findActive(userId: string): Promise<EstablishmentRow | undefined> {
      const [row] = await db
        .select()
        .from(establishments)
        .where(and(eq(establishments.userId, userId), eq(establishments.active, true)))
        .limit(1);
      return row;
    },

    /** Inserts a profile; it becomes active when asked to or when the user has no active one. */
    async insert(userId: string, fields: Fields, makeActive: boolean): Promise<EstablishmentRow> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: establishments.id })
          .from(establishments)
          .where(and(eq(establishments.userId, userId), eq(establishments.active, true)))
          .for('update');
        const active = makeActive || !current;
        if (active && current)
          await tx
            .update(establishments)
            .set({ active: false })
            .where(eq(establishments.id, current.id));
        const [row] = await tx
          .insert(establishments)
          .values({ userId, ...fields, active })
          .returning();
        return row!;
      });
    },

    /** Replaces a profile's fields; `makeActive` moves the active flag to it. */
    async update(
      userId: string,
      id: string,
      fields: Fields,
      makeActive: boolean,
    ): Promise<EstablishmentRow | undefined> {
      return db.transaction(async (tx) => {
        if (makeActive)
          await tx
            .update(establishments)
            .set({ active: false })
            .where(
              and(
                eq(establishments.userId, userId),
                eq(establishments.active, true),
                ne(establishments.id, id),
              ),
            );
        const [row] = await tx
          .update(establishments)
          .set({
            ...fields,
            ...(makeActive ? { active: true } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(establishments.id, id), eq(establishments.userId, userId)))
          .returning();
        return row;
      });
    },

    /** Deletes a profile; when it was the active one, the newest remaining profile takes over. */
    async delete(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(establishments)
          .where(and(eq(establishments.id, id), eq(establishments.userId, userId)))
          .returning();
        if (!gone) return false;
        if (gone.active) {
          const [next] = await tx
            .select({ id: establishments.id })
            .from(establishments)
            .where(eq(establishments.userId, userId))
            .orderBy(desc(establishments.createdAt), desc(establishments.id))
            .limit(1);
          if (next)
            await tx
              .update(establishments)
              .set({ active: true })
              .where(eq(establishments.id, next.id));
        }
        return true;
      });
    },
  };
}

export type EstablishmentsRepository = ReturnType<typeof createEstablishmentsRepository>;
