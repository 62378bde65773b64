import { isValidElement } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { homePath } from '../lib/home-path';
import { useSignedInUser } from '../lib/session';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './layout/require-auth';
import { lazyComponent } from '../lib/lazy-component';
import { LoginRoute } from './routes/login';
import { RouteError } from './routes/route-error';

// Every screen but sign-in is fetched when first shown, so the first script stays small
// (docs/decisions/0036). /login stays in it: it is the first page of every new visitor.
const ChatRoute = lazyComponent(() => import('./routes/chat').then((m) => m.ChatRoute));
const ChatDetailRoute = lazyComponent(() =>
  import('./routes/chat-detail').then((m) => m.ChatDetailRoute),
);
const RegulationsRoute = lazyComponent(() =>
  import('./routes/regulations').then((m) => m.RegulationsRoute),
);
const RegulationViewerRoute = lazyComponent(() =>
  import('./routes/regulation-viewer').then((m) => m.RegulationViewerRoute),
);
const HistoryRoute = lazyComponent(() => import('./routes/history').then((m) => m.HistoryRoute));
const HistoryDetailRoute = lazyComponent(() =>
  import('./routes/history-detail').then((m) => m.HistoryDetailRoute),
);
const FaqRoute = lazyComponent(() => import('./routes/faq').then((m) => m.FaqRoute));
const FaqDetailRoute = lazyComponent(() =>
  import('./routes/faq-detail').then((m) => m.FaqDetailRoute),
);
const PaymentRoute = lazyComponent(() => import('./routes/payment').then((m) => m.PaymentRoute));
const CheckoutRoute = lazyComponent(() => import('./routes/checkout').then((m) => m.CheckoutRoute));
const ProjectsRoute = lazyComponent(() => import('./routes/projects').then((m) => m.ProjectsRoute));
const ProjectDetailRoute = lazyComponent(() =>
  import('./routes/project-detail').then((m) => m.ProjectDetailRoute),
);
const ProfileRoute = lazyComponent(() => import('./routes/profile').then((m) => m.ProfileRoute));
const CompanyRoute = lazyComponent(() => import('./routes/company').then((m) => m.CompanyRoute));
const TeamRoute = lazyComponent(() => import('./routes/team').then((m) => m.TeamRoute));
const TeamRoomRoute = lazyComponent(() =>
  import('./routes/team-room').then((m) => m.TeamRoomRoute),
);
const RegulationIndexRoute = lazyComponent(() =>
  import('./routes/regulation-index').then((m) => m.RegulationIndexRoute),
);
const NotFoundRoute = lazyComponent(() =>
  import('./routes/not-found').then((m) => m.NotFoundRoute),
);

/** Loads every screen's code; tests call it once so that screens render at once, as after a visit. */
export function preloadRoutes(): Promise<void[]> {
  return Promise.all(
    [
      ChatRoute,
      ChatDetailRoute,
      RegulationsRoute,
      RegulationViewerRoute,
      HistoryRoute,
      HistoryDetailRoute,
      FaqRoute,
      FaqDetailRoute,
      PaymentRoute,
      CheckoutRoute,
      ProjectsRoute,
      ProjectDetailRoute,
      ProfileRoute,
      CompanyRoute,
      TeamRoute,
      TeamRoomRoute,
      RegulationIndexRoute,
      NotFoundRoute,
    ].map((page) => page.preload()),
  );
}

/** `/`: the start of the signed-in user's plan (lib/home-path.ts). */
function HomeRedirect() {
  return <Navigate to={homePath(useSignedInUser())} replace />;
}

/**
 * Starts fetching the screen at `pathname` at once, in parallel with the session check, instead of
 * after it: the screen would otherwise be asked for only when the signed-in layout renders.
 * Settles when it has arrived (or failed to).
 */
export function preloadRouteAt(pathname: string): Promise<void> {
  const loading: Promise<void>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { element } = match.route;
    if (!isValidElement(element)) continue;
    const page = element.type as Partial<Pick<ReturnType<typeof lazyComponent>, 'preload'>>;
    // A chunk that fails to arrive shows the route's error when rendered; it is not an error here.
    if (page.preload) loading.push(page.preload().catch(() => undefined));
  }
  return Promise.all(loading).then(() => undefined);
}

/** Every route but /login sits behind RequireAuth (spec §2), unknown paths included. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/', element: <HomeRedirect /> },
              { path: '/chat', element: <ChatRoute /> },
              { path: '/chat/:chatKey', element: <ChatDetailRoute /> },
              { path: '/regulations', element: <RegulationsRoute /> },
              { path: '/regulations/index', element: <RegulationIndexRoute /> },
              { path: '/regulations/:id', element: <RegulationViewerRoute /> },
              { path: '/history', element: <HistoryRoute /> },
              { path: '/history/:id', element: <HistoryDetailRoute /> },
              { path: '/faq', element: <FaqRoute /> },
              { path: '/faq/:id', element: <FaqDetailRoute /> },
              { path: '/payment', element: <PaymentRoute /> },
              { path: '/checkout', element: <CheckoutRoute /> },
              { path: '/projects', element: <ProjectsRoute /> },
              { path: '/projects/:id', element: <ProjectDetailRoute /> },
              { path: '/profile', element: <ProfileRoute /> },
              { path: '/minha-empresa', element: <CompanyRoute /> },
              { path: '/equipe', element: <TeamRoute /> },
              { path: '/equipe/:roomId', element: <TeamRoomRoute /> },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
        ],
      },
    ],
  },
];
