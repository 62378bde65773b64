import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isEarlyAccessError } from '../../features/chats/api/create-chat';
import { useIndependentChats } from '../../features/chats/api/get-independent-chats';
import { ChatCardsState } from '../../features/chats/components/chat-cards';
import { EarlyAccessModal } from '../../features/chats/components/early-access-modal';
import { CHATS_EMPTY } from '../../features/chats/components/independent-chat-list';
import { useProjects } from '../../features/projects/api/get-projects';
import { NewProjectModal } from '../../features/projects/components/new-project-modal';
import { ProjectsSection } from '../../features/projects/components/projects-section';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSignedInUser } from '../../lib/session';

export const INDEPENDENT_CHATS_ERROR =
  'Não foi possível carregar os chats independentes. Tente novamente mais tarde.';

/** /projects: the independent chats; the projects section is in the page but hidden (spec §2). */
export function ProjectsRoute() {
  useDocumentTitle('Chats Independentes');
  const user = useSignedInUser();
  const navigate = useNavigate();
  const projects = useProjects(user.id);
  const chats = useIndependentChats(user.id);
  const [newProjectOpen, setNewProjectOpen] = useState(false);
  const [earlyAccess, setEarlyAccess] = useState(false);
  const refreshing = projects.isFetching || chats.isFetching;

  return (
    <div className="page">
      <div className="section-head">
        <h1 className="page-title">Chats Independentes</h1>
        <button
          type="button"
          className="button button--secondary"
          disabled={refreshing}
          onClick={() => {
            void projects.refetch();
            void chats.refetch();
          }}
        >
          Atualizar
        </button>
      </div>

      <ProjectsSection
        projects={projects.data}
        loading={projects.isPending}
        failed={projects.isError}
        onNewProject={() => setNewProjectOpen(true)}
      />

      <section aria-label="Lista de chats independentes">
        <ChatCardsState
          chats={chats.data}
          loading={chats.isPending}
          failed={chats.isError}
          label="Chats Independentes"
          emptyText={CHATS_EMPTY}
          errorText={INDEPENDENT_CHATS_ERROR}
        />
      </section>

      <NewProjectModal
        open={newProjectOpen}
        onClose={() => setNewProjectOpen(false)}
        onCreated={(project) => void navigate(`/projects/${project.id}`)}
        onEarlyAccess={() => setEarlyAccess(true)}
        isEarlyAccess={isEarlyAccessError}
      />
      <EarlyAccessModal open={earlyAccess} onClose={() => setEarlyAccess(false)} />
    </div>
  );
}
