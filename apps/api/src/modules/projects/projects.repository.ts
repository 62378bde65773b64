import type { ProjectBody } from '@normas/contracts/projects';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;

/** A user's projects; each user sees only their own. */
export function createProjectsRepository(db: Db) {
  return {
    async insert(userId: string, body: ProjectBody): Promise<ProjectRow> {
      const [row] = await db
        .insert(projects)
        .values({ userId, name: body.name, description: body.description })
        .returning();
      return row!;
    },

    /** Newest first. */
    async listForUser(userId: string): Promise<ProjectRow[]> {
      return db
        .select()
        .from(projects)
        .where(eq(projects.userId, userId))
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(200);
    },

    async findForUser(userId: string, id: string): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), eq(projects.userId, userId)))
        .limit(1);
      return row;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
