import type { Project } from '@normas/contracts/projects';
import { Link } from 'react-router';

export const PROJECTS_ERROR = 'Não foi possível carregar os projetos. Tente novamente mais tarde.';

/**
 * The projects list with its "Novo projeto" button. Spec §1/§2: the interface hides this section
 * by style; it stays in the page so that turning it on is a style change.
 */
export function ProjectsSection({
  projects,
  loading,
  failed,
  onNewProject,
}: {
  projects: Project[] | undefined;
  loading: boolean;
  failed: boolean;
  onNewProject: () => void;
}) {
  return (
    <section
      className="projects-section"
      aria-labelledby="projects-title"
      data-testid="projects-section"
      style={{ display: 'none' }}
    >
      <div className="section-head">
        <h2 id="projects-title" className="section-title">
          Projetos
        </h2>
        <button type="button" className="button button--primary" onClick={onNewProject}>
          Novo projeto
        </button>
      </div>
      {loading && <p role="status">Carregando projetos...</p>}
      {failed && (
        <p className="form-error" role="alert">
          {PROJECTS_ERROR}
        </p>
      )}
      {projects && projects.length > 0 && (
        <ul className="chat-cards" aria-label="Projetos">
          {projects.map((project) => (
            <li key={project.id}>
              <Link className="card chat-card" to={`/projects/${project.id}`}>
                <span className="chat-card-title">{project.name}</span>
                {project.description && (
                  <span className="chat-card-date">{project.description}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
