import type { Project, ProjectBody } from '@normas/contracts/projects';
import { AppError } from '../../lib/app-error';
import { toChatDto, type ChatRow, type ChatsRepository } from '../chats/chats.repository';
import { assertPlanAllowsChats } from '../billing/plan-rights';
import type { ProjectRow, ProjectsRepository } from './projects.repository';

function toProjectDto(row: ProjectRow, chats: ChatRow[]): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    chats: chats.map(toChatDto),
  };
}

export function createProjectsService(deps: {
  projects: ProjectsRepository;
  chats: ChatsRepository;
}) {
  return {
    async create(
      user: { id: string; plan: string | null | undefined },
      body: ProjectBody,
    ): Promise<Project> {
      assertPlanAllowsChats(user.plan);
      return toProjectDto(await deps.projects.insert(user.id, body), []);
    },

    async list(userId: string): Promise<Project[]> {
      const [rows, chats] = await Promise.all([
        deps.projects.listForUser(userId),
        deps.chats.listInProjects(userId),
      ]);
      const byProject = new Map<string, ChatRow[]>();
      for (const chat of chats)
        byProject.set(chat.projectId!, [...(byProject.get(chat.projectId!) ?? []), chat]);
      return rows.map((row) => toProjectDto(row, byProject.get(row.id) ?? []));
    },

    async get(userId: string, id: string): Promise<Project> {
      const row = await deps.projects.findForUser(userId, id);
      if (!row) throw new AppError('PROJECT_NOT_FOUND');
      return toProjectDto(row, await deps.chats.listForUser(userId, { projectId: row.id }));
    },
  };
}
