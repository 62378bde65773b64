import { PROJECT_NAME_REQUIRED, type Project } from '@normas/contracts/projects';
import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { useCreateProject } from '../api/create-project';

export const CREATE_PROJECT_ERROR = 'Erro ao criar projeto. Tente novamente.';

/** "Novo projeto": name required, description optional (spec §5). */
export function NewProjectModal({
  open,
  onClose,
  onCreated,
  onEarlyAccess,
  isEarlyAccess,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (project: Project) => void;
  onEarlyAccess: () => void;
  isEarlyAccess: (cause: unknown) => boolean;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateProject();

  function close() {
    setName('');
    setDescription('');
    setError(null);
    onClose();
  }

  async function submit() {
    if (!name.trim()) {
      setError(PROJECT_NAME_REQUIRED);
      return;
    }
    setError(null);
    const result = await create.mutateAsync({ name: name.trim(), description: description.trim() });
    if (result.success) {
      close();
      onCreated(result.data);
    } else if (isEarlyAccess(result.cause)) {
      close();
      onEarlyAccess();
    } else {
      setError(result.error || CREATE_PROJECT_ERROR);
    }
  }

  return (
    <Modal open={open} onClose={close} title="Novo projeto">
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="form-field">
          <span>Nome do projeto</span>
          <input
            className="input"
            value={name}
            aria-invalid={error === PROJECT_NAME_REQUIRED}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className="form-field">
          <span>Descrição (opcional)</span>
          <textarea
            className="input"
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
        <ModalFormFooter
          error={error}
          onCancel={close}
          submitLabel="Criar projeto"
          submitDisabled={create.isPending}
        />
      </form>
    </Modal>
  );
}
