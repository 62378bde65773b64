import {
  EstablishmentBodySchema,
  UFS,
  type Establishment,
  type EstablishmentBody,
} from '@normas/contracts/establishments';
import { useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSaveProfile } from '../api/profiles';
import { useCnaeSearch } from '../api/search-cnae';

export const SAVE_PROFILE_ERROR = 'Não foi possível salvar o perfil. Tente novamente.';

type Field = 'name' | 'cnpj' | 'cnae' | 'employees' | 'uf';

interface Values {
  name: string;
  cnpj: string;
  cnae: string;
  employees: string;
  uf: string;
  active: boolean;
}

function initialValues(profile: Establishment | null): Values {
  return profile
    ? {
        name: profile.name,
        cnpj: profile.cnpj ?? '',
        cnae: profile.cnaeFormatted,
        employees: String(profile.employees),
        uf: profile.uf,
        active: profile.active,
      }
    : { name: '', cnpj: '', cnae: '', employees: '', uf: '', active: true };
}

/** Field messages from the shared schema, the same the API answers with. */
function validate(values: Values): {
  body: EstablishmentBody | null;
  errors: Partial<Record<Field, string>>;
} {
  const body: EstablishmentBody = {
    name: values.name,
    cnpj: values.cnpj.trim() || null,
    cnae: values.cnae,
    employees: values.employees.trim() === '' ? Number.NaN : Number(values.employees.trim()),
    uf: values.uf,
    active: values.active,
  };
  const parsed = EstablishmentBodySchema.safeParse(body);
  if (parsed.success) return { body, errors: {} };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { body: null, errors };
}

/** CNAE search by code or words over NR-04 Anexo I; picking a class fills the class part of the code. */
function CnaeSearch({ onPick }: { onPick: (classCode: string) => void }) {
  const [text, setText] = useState('');
  const results = useCnaeSearch(text);
  const listId = useId();
  const show = text.trim().length >= 2;
  return (
    <div className="cnae-search">
      <label className="form-field">
        <span>Buscar CNAE por código ou atividade</span>
        <input
          className="input"
          type="search"
          value={text}
          placeholder="Ex.: 4120 ou construção de edifícios"
          aria-controls={listId}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {show && (
        <ul id={listId} className="cnae-results" aria-label="Classes CNAE encontradas">
          {results.isError ? (
            <li className="form-error">Não foi possível buscar o CNAE.</li>
          ) : results.data?.length === 0 ? (
            <li>Nenhuma classe do Anexo I da NR-04 encontrada.</li>
          ) : (
            results.data?.map((c) => (
              <li key={c.digits}>
                <button
                  type="button"
                  className="button button--text"
                  onClick={() => {
                    onPick(`${c.digits.slice(0, 4)}-${c.digits.slice(4)}/`);
                    setText('');
                  }}
                >
                  {c.code} – {c.description} (grau de risco {c.degree})
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

/** The establishment profile form: name, CNPJ, CNAE (with search), employees, UF, active. */
export function ProfileForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: Establishment | null;
  onSaved: (saved: Establishment) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(profile));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveProfile();
  const cnaeInput = useRef<HTMLInputElement>(null);
  const set = (field: keyof Values) => (value: string | boolean) =>
    setValues((v) => ({ ...v, [field]: value }));

  async function submit() {
    const { body, errors: found } = validate(values);
    setErrors(found);
    setServerError(null);
    if (!body) return;
    try {
      onSaved(await save.mutateAsync({ id: profile?.id, body }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNKNOWN_CNAE')
        setErrors({ cnae: error.message });
      else
        setServerError(
          error instanceof ApiError && error.fromServer ? error.message : SAVE_PROFILE_ERROR,
        );
    }
  }

  const field = (name: Field, label: string, input: React.ReactNode, hint?: string) => (
    <div className="form-field">
      <label htmlFor={`profile-${name}`}>{label}</label>
      {input}
      {hint && <span className="form-hint">{hint}</span>}
      {errors[name] && (
        <span id={`profile-${name}-error`} className="form-error" role="alert">
          {errors[name]}
        </span>
      )}
    </div>
  );
  const common = (name: Field) => ({
    id: `profile-${name}`,
    className: 'input',
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
  });

  return (
    <form
      className="form profile-form"
      noValidate
      aria-label={profile ? `Editar ${profile.name}` : 'Novo perfil de empresa'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {field(
        'name',
        'Nome do estabelecimento',
        <input
          {...common('name')}
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
        />,
      )}
      {field(
        'cnpj',
        'CNPJ (opcional)',
        <input
          {...common('cnpj')}
          inputMode="numeric"
          value={values.cnpj}
          onChange={(e) => set('cnpj')(e.target.value)}
        />,
      )}
      <CnaeSearch
        onPick={(classCode) => {
          set('cnae')(classCode);
          cnaeInput.current?.focus();
        }}
      />
      {field(
        'cnae',
        'CNAE (subclasse)',
        <input
          {...common('cnae')}
          ref={cnaeInput}
          value={values.cnae}
          placeholder="0000-0/00"
          onChange={(e) => set('cnae')(e.target.value)}
        />,
        'O código da atividade principal do cartão CNPJ, com 7 dígitos (ex.: 4120-4/00). O grau de risco vem da classe, pelo Anexo I da NR-04.',
      )}
      {field(
        'employees',
        'Número de empregados no estabelecimento',
        <input
          {...common('employees')}
          inputMode="numeric"
          value={values.employees}
          onChange={(e) => set('employees')(e.target.value)}
        />,
      )}
      {field(
        'uf',
        'UF',
        <select {...common('uf')} value={values.uf} onChange={(e) => set('uf')(e.target.value)}>
          <option value="">Escolha</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </select>,
      )}
      <label className="form-check">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(e) => set('active')(e.target.checked)}
        />
        Usar este perfil nas respostas do assistente
      </label>
      {serverError && (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      )}
      <div className="section-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending && <Spinner />} Salvar perfil
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancelar
          </button>
        )}
      </div>
    </form>
  );
}
