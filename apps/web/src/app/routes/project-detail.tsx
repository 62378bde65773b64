import { IdParamSchema } from '@normas/contracts/questions';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useProjectChats } from '../../features/chats/api/get-project-chats';
import { ChatCardsState } from '../../features/chats/components/chat-cards';
import { EarlyAccessModal } from '../../features/chats/components/early-access-modal';
import { NewChatModal } from '../../features/chats/components/new-chat-modal';
import { useProject } from '../../features/projects/api/get-project';
import { useProjects } from '../../features/projects/api/get-projects';
import { ProjectOptionsMenu } from '../../features/projects/components/project-options-menu';
import { PROJECTS_ERROR } from '../../features/projects/components/projects-section';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError } from '../../lib/api-client';
import { useSignedInUser } from '../../lib/session';
import { Spinner } from '../../components/ui/spinner';

export const PROJECT_CHATS_ERROR = 'Não foi possível carregar os chats deste projeto.';
export const PROJECT_CHATS_EMPTY = 'Ainda não há chats neste projeto.';

/** A project the user cannot see: an unknown id (404) or one that is not an id at all (400). */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * /projects/{id}: the project's chats, "Novo chat", the options menu and a refresh (spec §2).
 * The id is checked before anything is asked of the server: one that is not an id at all, or not
 * one of the user's projects, goes back to /projects without a request that fails.
 */
export function ProjectDetailRoute() {
  const { id = '' } = useParams();
  if (!IdParamSchema.safeParse({ id }).success) return <Navigate to="/projects" replace />;
  return <KnownProject key={id} id={id} />;
}

/** Opens the project once the user's project list (cached 10 s) is seen to hold it. */
function KnownProject({ id }: { id: string }) {
  useDocumentTitle('Projeto');
  const user = useSignedInUser();
  const projects = useProjects(user.id);
  const listed = projects.data?.some((project) => project.id === id) ?? false;
  // A list from before the project was made (another tab, the last 10 s) is asked for once more.
  const [askedAgain, setAskedAgain] = useState(false);
  const settled = projects.isSuccess && !projects.isFetching;
  useEffect(() => {
    if (settled && !listed && !askedAgain) {
      setAskedAgain(true);
      void projects.refetch();
    }
  }, [settled, listed, askedAgain, projects]);

  // Without the list there is nothing to check against: the project's own answer decides.
  if (listed || projects.isError) return <ProjectDetail id={id} />;
  if (settled && askedAgain) return <Navigate to="/projects" replace />;
  return (
    <div className="page">
      <h1 className="page-title">Projeto</h1>
      <p role="status">
        <Spinner /> Carregando projeto…
      </p>
    </div>
  );
}

function ProjectDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const project = useProject(id);
  const chats = useProjectChats(id);
  const [newChatOpen, setNewChatOpen] = useState(false);
  const [earlyAccess, setEarlyAccess] = useState(false);
  useDocumentTitle(project.data?.name ?? 'Projeto');

  if (isMissing(project.error) || isMissing(chats.error))
    return <Navigate to="/projects" replace />;

  return (
    <div className="page">
      <div className="section-head">
        <h1 className="page-title">{project.data?.name ?? 'Projeto'}</h1>
        <div className="section-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setNewChatOpen(true)}
          >
            Novo chat
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={project.isFetching || chats.isFetching}
            onClick={() => {
              void project.refetch();
              void chats.refetch();
            }}
          >
            Atualizar
          </button>
          <ProjectOptionsMenu />
        </div>
      </div>
      {project.data?.description && <p className="page-lead">{project.data.description}</p>}
      {project.isError && (
        <p className="form-error" role="alert">
          {PROJECTS_ERROR}
        </p>
      )}

      <section aria-label="Chats do projeto">
        <ChatCardsState
          chats={chats.data}
          loading={chats.isPending}
          failed={chats.isError}
          label="Chats do projeto"
          emptyText={PROJECT_CHATS_EMPTY}
          errorText={PROJECT_CHATS_ERROR}
        />
      </section>

      <NewChatModal
        open={newChatOpen}
        projectId={id}
        onClose={() => setNewChatOpen(false)}
        onCreated={(chat) =>
          void navigate(`/chat/${encodeURIComponent(chat.chatKey)}`, { state: { chat } })
        }
        onEarlyAccess={() => setEarlyAccess(true)}
      />
      <EarlyAccessModal open={earlyAccess} onClose={() => setEarlyAccess(false)} />
    </div>
  );
}
