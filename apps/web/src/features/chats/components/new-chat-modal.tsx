import type { Chat } from '@normas/contracts/chats';
import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { isEarlyAccessError } from '../api/create-chat';
import {
  CREATE_CHAT_ERROR,
  CREATE_CHAT_EXCEPTION,
  useCreateChatAction,
} from '../api/create-chat-action';

/** "Novo chat" of a project: the title is required and trimmed; the button waits for one (spec §5). */
export function NewChatModal({
  open,
  projectId,
  onClose,
  onCreated,
  onEarlyAccess,
}: {
  open: boolean;
  projectId: string;
  onClose: () => void;
  onCreated: (chat: Chat) => void;
  onEarlyAccess: () => void;
}) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateChatAction();
  const trimmed = title.trim();

  function close() {
    setTitle('');
    setError(null);
    onClose();
  }

  async function submit() {
    if (!trimmed) return;
    setError(null);
    try {
      const result = await create.mutateAsync({ title: trimmed, projectId });
      if (result.success) {
        close();
        onCreated(result.data);
      } else if (isEarlyAccessError(result.cause)) {
        close();
        onEarlyAccess();
      } else {
        setError(result.error || CREATE_CHAT_ERROR);
      }
    } catch {
      setError(CREATE_CHAT_EXCEPTION);
    }
  }

  return (
    <Modal open={open} onClose={close} title="Novo chat">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="form-field">
          <span>Título do chat</span>
          <input
            className="input"
            value={title}
            required
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <ModalFormFooter
          error={error}
          onCancel={close}
          submitLabel="Criar chat"
          submitDisabled={!trimmed || create.isPending}
        />
      </form>
    </Modal>
  );
}
