import type { Establishment } from '@normas/contracts/establishments';
import { formatCnpj } from '@normas/contracts/establishments';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import {
  useDeleteProfile,
  useProfiles,
  useSaveProfile,
} from '../../features/establishments/api/profiles';
import { ProfileForm } from '../../features/establishments/components/profile-form';
import { SizingSummary } from '../../features/establishments/components/sizing-summary';
import { useDocumentTitle } from '../../hooks/use-document-title';

export const PROFILES_LOAD_ERROR = 'Não foi possível carregar os perfis da empresa.';
export const PROFILE_ACTION_ERROR = 'Não foi possível concluir a ação. Tente novamente.';

type Editing = { kind: 'new' } | { kind: 'edit'; profile: Establishment } | null;

function ProfileList({
  profiles,
  selectedId,
  onSelect,
  onEdit,
}: {
  profiles: Establishment[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onEdit: (profile: Establishment) => void;
}) {
  const save = useSaveProfile();
  const remove = useDeleteProfile();
  const [error, setError] = useState<string | null>(null);
  const run = (action: Promise<unknown>) =>
    action.then(
      () => setError(null),
      () => setError(PROFILE_ACTION_ERROR),
    );
  return (
    <>
      <ul className="profile-list" aria-label="Perfis de empresa">
        {profiles.map((p) => (
          <li
            key={p.id}
            className="profile-list-item"
            data-selected={p.id === selectedId || undefined}
          >
            <button type="button" className="button button--text" onClick={() => onSelect(p.id)}>
              {p.name}
            </button>
            <span className="profile-list-meta">
              CNAE {p.cnaeFormatted} · {p.employees.toLocaleString('pt-BR')} empregados · {p.uf}
              {p.cnpj ? ` · CNPJ ${formatCnpj(p.cnpj)}` : ''}
            </span>
            {p.active ? (
              <span className="badge">Ativo nas respostas</span>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                onClick={() =>
                  void run(
                    save.mutateAsync({
                      id: p.id,
                      body: {
                        name: p.name,
                        cnpj: p.cnpj,
                        cnae: p.cnae,
                        employees: p.employees,
                        uf: p.uf,
                        active: true,
                      },
                    }),
                  )
                }
              >
                Usar nas respostas
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={() => onEdit(p)}>
              Editar
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                if (window.confirm(`Excluir o perfil ${p.name}?`))
                  void run(remove.mutateAsync(p.id));
              }}
            >
              Excluir
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * "Minha empresa": the user's establishment profiles, the form, and the SESMT and CIPA obligations
 * of the selected profile (the active one by default), computed by the server from the NR tables.
 */
export function CompanyRoute() {
  useDocumentTitle('Minha empresa');
  const profiles = useProfiles();
  const [editing, setEditing] = useState<Editing>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = profiles.data ?? [];
  const selected =
    list.find((p) => p.id === selectedId) ?? list.find((p) => p.active) ?? list[0] ?? null;
  const showForm = editing !== null || (profiles.isSuccess && list.length === 0);

  return (
    <div className="page page--wide">
      <div className="section-head">
        <h1 className="page-title">Minha empresa</h1>
        {list.length > 0 && !showForm && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing({ kind: 'new' })}
          >
            Novo perfil
          </button>
        )}
      </div>
      <p className="page-lead">
        Informe o CNAE e o número de empregados do estabelecimento: o grau de risco sai do Anexo I
        da NR-04, e o dimensionamento do SESMT (Anexo II da NR-04) e da CIPA (Quadro I da NR-05) é
        calculado a partir das tabelas oficiais. O perfil ativo é usado quando você pergunta ao
        assistente sobre a sua empresa.
      </p>

      {profiles.isPending ? (
        <p role="status">
          <Spinner /> Carregando perfis…
        </p>
      ) : profiles.isError ? (
        <p role="alert" className="form-error">
          {PROFILES_LOAD_ERROR}
        </p>
      ) : (
        <>
          {list.length > 0 && (
            <ProfileList
              profiles={list}
              selectedId={selected?.id ?? null}
              onSelect={(id) => {
                setSelectedId(id);
                setEditing(null);
              }}
              onEdit={(profile) => setEditing({ kind: 'edit', profile })}
            />
          )}
          {showForm && (
            <ProfileForm
              key={editing?.kind === 'edit' ? editing.profile.id : 'new'}
              profile={editing?.kind === 'edit' ? editing.profile : null}
              onCancel={list.length > 0 ? () => setEditing(null) : undefined}
              onSaved={(saved) => {
                setSelectedId(saved.id);
                setEditing(null);
              }}
            />
          )}
          {selected && !showForm && <SizingSummary profile={selected} />}
        </>
      )}
    </div>
  );
}
