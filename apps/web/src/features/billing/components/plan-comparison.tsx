import { formatPlanPrice, type PlanInfo } from '@normas/contracts/billing';

const ROWS: { label: string; values: [string, string, string] }[] = [
  { label: 'Perguntas', values: ['3 por dia', '100 por mês', 'Ilimitadas'] },
  { label: 'Histórico', values: ['Básico', 'Completo', 'Completo'] },
  { label: 'Contexto entre perguntas', values: ['Não', 'Sim', 'Sim'] },
  { label: 'Projetos e chats', values: ['Não', 'Sim', 'Sim'] },
  { label: 'Recursos avançados', values: ['Não', 'Sim', 'Sim'] },
  { label: 'Suporte', values: ['—', 'Prioritário', 'WhatsApp'] },
  { label: 'Vários usuários', values: ['Não', 'Não', 'Sim'] },
  { label: 'Integrações personalizadas', values: ['Não', 'Não', 'Sim'] },
];

/** The three plans side by side (spec §2 /payment, §9). */
export function PlanComparison({ plans }: { plans: readonly PlanInfo[] }) {
  return (
    <div className="plan-comparison">
      <table>
        <caption>Comparação dos planos</caption>
        <thead>
          <tr>
            <th scope="col">Recurso</th>
            {plans.map((p) => (
              <th key={p.id} scope="col">
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Preço</th>
            {plans.map((p) => (
              <td key={p.id}>{formatPlanPrice(p.price)}</td>
            ))}
          </tr>
          {ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((value, i) => (
                <td key={plans[i]?.id ?? i}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
