import { formatPlanPrice, type PlanInfo } from '@normas/contracts/billing';

/** One plan at a time, with arrows and a dot per plan (index 0 Gratuito, 1 Pro, 2 Business). */
export function PlanCarousel({
  plans,
  index,
  currentPlan,
  onSelect,
}: {
  plans: readonly PlanInfo[];
  index: number;
  currentPlan: string;
  onSelect: (index: number) => void;
}) {
  const plan = plans[index]!;
  const last = plans.length - 1;
  return (
    <section className="plan-carousel" aria-roledescription="carrossel" aria-label="Planos">
      <div className="plan-carousel-row">
        <button
          type="button"
          className="icon-button"
          aria-label="Plano anterior"
          disabled={index === 0}
          onClick={() => onSelect(index - 1)}
        >
          ‹
        </button>
        <article
          className="card plan-card"
          data-recommended={plan.recommended || undefined}
          aria-roledescription="plano"
          aria-label={`Plano ${plan.name}`}
        >
          <div className="plan-card-badges">
            {plan.recommended && <span className="badge">Recomendado</span>}
            {plan.id === currentPlan && <span className="badge badge--current">Plano atual</span>}
          </div>
          <h2 className="plan-name">{plan.name}</h2>
          <p className="plan-price">
            <strong>{formatPlanPrice(plan.price)}</strong>
            {plan.price !== null && plan.price > 0 && <span> por mês</span>}
          </p>
          <p className="plan-description">{plan.description}</p>
          <ul className="plan-features">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </article>
        <button
          type="button"
          className="icon-button"
          aria-label="Próximo plano"
          disabled={index === last}
          onClick={() => onSelect(index + 1)}
        >
          ›
        </button>
      </div>
      <div className="plan-dots" role="group" aria-label="Escolher plano">
        {plans.map((p, i) => (
          <button
            key={p.id}
            type="button"
            className="plan-dot"
            aria-label={p.name}
            aria-pressed={i === index}
            onClick={() => onSelect(i)}
          />
        ))}
      </div>
    </section>
  );
}
