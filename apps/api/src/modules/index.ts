import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { chatsRoutes } from './chats/chats.routes';
import { authRoutes } from './auth/auth.routes';
import { devAuthRoutes } from './dev-auth/dev-auth.routes';
import { questionsRoutes } from './questions/questions.routes';
import { historyRoutes } from './history/history.routes';
import { faqsRoutes } from './faqs/faqs.routes';
import { suggestionsRoutes } from './suggestions/suggestions.routes';
import { regulationsRoutes } from './regulations/regulations.routes';
import { projectsRoutes } from './projects/projects.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { establishmentsRoutes } from './establishments/establishments.routes';
import { billingRoutes } from './billing/billing.routes';
import { workspacesRoutes } from './workspaces/workspaces.routes';
import { roomsRoutes } from './rooms/rooms.routes';

/** Feature route modules, mounted under /api/v1. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await api.register(chatsRoutes, { ctx });
  await api.register(authRoutes, { ctx });
  await api.register(questionsRoutes, { ctx });
  await api.register(historyRoutes, { ctx });
  await api.register(faqsRoutes, { ctx });
  await api.register(suggestionsRoutes, { ctx });
  await api.register(regulationsRoutes, { ctx });
  await api.register(projectsRoutes, { ctx });
  await api.register(feedbackRoutes, { ctx });
  await api.register(establishmentsRoutes, { ctx });
  await api.register(billingRoutes, { ctx });
  await api.register(workspacesRoutes, { ctx });
  await api.register(roomsRoutes, { ctx });
  // Absent when Firebase is configured: no way to mint ID tokens there.
  if (ctx.devIdentity)
    await api.register(devAuthRoutes, {
      devIdentity: ctx.devIdentity,
      users: ctx.users,
      planSwitch: ctx.config.env === 'test',
    });
}
