import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { usePublicConfig } from '../../../lib/public-config';

const WHATSAPP_TEXT =
  'Olá! Quero participar do acesso antecipado aos chats do Assistente de Normas.';

export function earlyAccessWhatsappLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(WHATSAPP_TEXT)}`;
}

/** Shown when the server refuses a chat because the plan does not allow chats (spec §6, §8). */
export function EarlyAccessModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const config = usePublicConfig();
  return (
    <Modal open={open} onClose={onClose} title="Chats em acesso antecipado">
      <p className="modal-text">
        Os chats estão em acesso antecipado e, por enquanto, são liberados para os planos Pro e
        Business.
      </p>
      <p className="modal-text">
        Assine o Plano Pro (R$ 29,90 por mês) e libere os chats agora, ou fale com a nossa equipe
        pelo WhatsApp.
      </p>
      <div className="modal-actions">
        <Link className="button button--primary" to="/payment" onClick={onClose}>
          Assinar o Plano Pro
        </Link>
        {config.data && (
          <a
            className="button button--secondary"
            href={earlyAccessWhatsappLink(config.data.supportWhatsapp)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Falar no WhatsApp <span className="visually-hidden">(abre em nova aba)</span>
          </a>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          Fechar
        </button>
      </div>
    </Modal>
  );
}
