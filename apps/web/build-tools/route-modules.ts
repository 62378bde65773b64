/**
 * The modules each client route loads on demand (app/router.tsx), relative to apps/web. The build
 * turns them into route-preloads.json; a test checks that every route of the router is here.
 * The markdown renderer goes with the pages that open on an answer, the auth contract with all.
 */
const MARKDOWN = 'src/components/markdown/markdown-renderer.tsx';
/** The auth contract (lib/auth-schemas.ts): every signed-in page checks the stored user with it. */
const AUTH = '../../packages/contracts/src/auth.ts';

const SCREENS: Record<string, string[]> = {
  '/chat': ['src/app/routes/chat.tsx'],
  '/chat/:chatKey': ['src/app/routes/chat-detail.tsx', MARKDOWN],
  '/regulations': ['src/app/routes/regulations.tsx'],
  '/regulations/index': ['src/app/routes/regulation-index.tsx'],
  '/regulations/:id': ['src/app/routes/regulation-viewer.tsx'],
  '/history': ['src/app/routes/history.tsx'],
  '/history/:id': ['src/app/routes/history-detail.tsx', MARKDOWN],
  '/faq': ['src/app/routes/faq.tsx'],
  '/faq/:id': ['src/app/routes/faq-detail.tsx', MARKDOWN],
  '/payment': ['src/app/routes/payment.tsx'],
  '/checkout': ['src/app/routes/checkout.tsx'],
  '/projects': ['src/app/routes/projects.tsx'],
  '/projects/:id': ['src/app/routes/project-detail.tsx'],
  '/profile': ['src/app/routes/profile.tsx'],
  '/minha-empresa': ['src/app/routes/company.tsx'],
  '/equipe': ['src/app/routes/team.tsx'],
  '/equipe/:roomId': ['src/app/routes/team-room.tsx', MARKDOWN],
};

export const ROUTE_MODULES: Record<string, string[]> = Object.fromEntries(
  Object.entries(SCREENS).map(([pattern, modules]) => [pattern, [...modules, AUTH]]),
);
