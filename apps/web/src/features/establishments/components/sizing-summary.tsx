import {
  SESMT_ROLE_LABELS,
  type Establishment,
  type SizingSource,
} from '@normas/contracts/establishments';
import { Link } from 'react-router';
import { RegulationTable } from '../../../components/regulation-table/regulation-table';

function sourceHref(source: Pick<SizingSource, 'regulationId' | 'item'>): string {
  return `/regulations/${encodeURIComponent(source.regulationId)}#${encodeURIComponent(source.item)}`;
}

function itemHref(source: SizingSource, item: string): string | null {
  // "4.5.1" and "5.4.13" are items of the same regulation; "Anexo II, nota (**)" is the table's.
  return /^\d/.test(item) ? sourceHref({ regulationId: source.regulationId, item }) : null;
}

function Source({ source }: { source: SizingSource }) {
  return (
    <p className="sizing-source">
      Fonte: <Link to={sourceHref(source)}>{source.label}</Link> — {source.cell}
      {source.rules.length > 0 && (
        <>
          {'; itens '}
          {source.rules.map((rule, i) => {
            const href = itemHref(source, rule);
            return (
              <span key={rule}>
                {i > 0 && ', '}
                {href ? <Link to={href}>{rule}</Link> : rule}
              </span>
            );
          })}
        </>
      )}
    </p>
  );
}

function Notes({ notes, label }: { notes: string[]; label: string }) {
  if (notes.length === 0) return null;
  return (
    <details className="sizing-notes">
      <summary>{label}</summary>
      <ul>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </details>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The establishment's grau de risco and its SESMT and CIPA obligations, each with its source. */
export function SizingSummary({ profile }: { profile: Establishment }) {
  const { riskDegree, sizing } = profile;
  const sesmtTable = profile.tables.find((t) => t.code === 'NR-04');
  const cipaTable = profile.tables.find((t) => t.code === 'NR-05');
  return (
    <section className="sizing" aria-labelledby="sizing-title">
      <h2 id="sizing-title" className="section-title">
        Obrigações de {profile.name}
      </h2>

      <div className="sizing-card">
        <h3>Grau de risco {riskDegree.degree}</h3>
        <p>
          CNAE {profile.cnaeFormatted} – classe {riskDegree.cnaeClass}: {riskDegree.description}.
        </p>
        <Source source={riskDegree.source} />
      </div>

      <div className="sizing-card">
        <h3>SESMT</h3>
        {sizing.sesmt.required ? (
          <ul aria-label="Profissionais do SESMT">
            {sizing.sesmt.professionals.map((p) => (
              <li key={`${p.role}-${p.partTime}`}>
                {SESMT_ROLE_LABELS[p.role]}: <strong>{p.count}</strong>
                {p.partTime ? ' (tempo parcial)' : ' (tempo integral)'}
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <strong>Não obrigatório</strong> para este estabelecimento isoladamente.
          </p>
        )}
        <Source source={sizing.sesmt.source} />
        <Notes notes={sizing.sesmt.notes} label="O que conferir no SESMT" />
      </div>

      <div className="sizing-card">
        <h3>CIPA</h3>
        {sizing.cipa.designated ? (
          <p>
            <strong>Sem CIPA:</strong> a organização nomeia um representante da NR-05 entre os
            empregados.
          </p>
        ) : (
          <p>
            <strong>{plural(sizing.cipa.efetivos!, 'membro efetivo', 'membros efetivos')}</strong> e{' '}
            <strong>{plural(sizing.cipa.suplentes!, 'suplente', 'suplentes')}</strong>.
          </p>
        )}
        <Source source={sizing.cipa.source} />
        <Notes notes={sizing.cipa.notes} label="O que conferir na CIPA" />
      </div>

      {sesmtTable && (
        <RegulationTable
          table={sesmtTable}
          caption={`${sesmtTable.code}, ${sesmtTable.label} – ${sesmtTable.title}`}
        />
      )}
      {cipaTable && (
        <RegulationTable
          table={cipaTable}
          caption={`${cipaTable.code}, ${cipaTable.label} – ${cipaTable.title}`}
        />
      )}
    </section>
  );
}
