import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './layout/require-auth';
import { ChatRoute } from './routes/chat';
import { ChatDetailRoute } from './routes/chat-detail';
import { FaqRoute } from './routes/faq';
import { FaqDetailRoute } from './routes/faq-detail';
import { HistoryRoute } from './routes/history';
import { HistoryDetailRoute } from './routes/history-detail';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { PaymentRoute } from './routes/payment';
import { ProfileRoute } from './routes/profile';
import { CompanyRoute } from './routes/company';
import { ProjectDetailRoute } from './routes/project-detail';
import { ProjectsRoute } from './routes/projects';
import { RegulationIndexRoute } from './routes/regulation-index';
import { RegulationViewerRoute } from './routes/regulation-viewer';
import { RegulationsRoute } from './routes/regulations';
import { RouteError } from './routes/route-error';

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
              { path: '/', element: <Navigate to="/chat" replace /> },
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
              { path: '/projects', element: <ProjectsRoute /> },
              { path: '/projects/:id', element: <ProjectDetailRoute /> },
              { path: '/profile', element: <ProfileRoute /> },
              { path: '/minha-empresa', element: <CompanyRoute /> },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
        ],
      },
    ],
  },
];
