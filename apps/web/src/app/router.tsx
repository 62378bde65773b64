import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './layout/require-auth';
import { RouteError } from './routes/route-error';

/** Every route but /login sits behind RequireAuth (spec §2), unknown paths included. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/', element: <Navigate to="/chat" replace /> },
              { path: '/chat', lazy: () => import('./routes/chat').then((m) => ({ Component: m.ChatRoute })) },
              { path: '/chat/:chatKey', lazy: () => import('./routes/chat-detail').then((m) => ({ Component: m.ChatDetailRoute })) },
              { path: '/regulations', lazy: () => import('./routes/regulations').then((m) => ({ Component: m.RegulationsRoute })) },
              { path: '/regulations/:id', lazy: () => import('./routes/regulation-viewer').then((m) => ({ Component: m.RegulationViewerRoute })) },
              { path: '/history', lazy: () => import('./routes/history').then((m) => ({ Component: m.HistoryRoute })) },
              { path: '/history/:id', lazy: () => import('./routes/history-detail').then((m) => ({ Component: m.HistoryDetailRoute })) },
              { path: '/faq', lazy: () => import('./routes/faq').then((m) => ({ Component: m.FaqRoute })) },
              { path: '/faq/:id', lazy: () => import('./routes/faq-detail').then((m) => ({ Component: m.FaqDetailRoute })) },
              { path: '/payment', lazy: () => import('./routes/payment').then((m) => ({ Component: m.PaymentRoute })) },
              { path: '/projects', lazy: () => import('./routes/projects').then((m) => ({ Component: m.ProjectsRoute })) },
              { path: '/projects/:id', lazy: () => import('./routes/project-detail').then((m) => ({ Component: m.ProjectDetailRoute })) },
              { path: '/profile', lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })) },
              { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
            ],
          },
        ],
      },
    ],
  },
];
