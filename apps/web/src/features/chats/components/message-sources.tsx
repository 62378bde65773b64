import { Link } from 'react-router';

interface CitedRegulation {
  id: string;
  code: string;
  title: string;
  sections: { item: string }[];
}

/** The regulations an answer rests on, each item opening its place in the regulation viewer. */
export function MessageSources({ regulations }: { regulations: CitedRegulation[] }) {
  if (regulations.length === 0) return null;
  return (
    <div className="message-sources">
      <p className="message-sources-title">Normas relacionadas</p>
      <ul>
        {regulations.map((regulation) => (
          <li key={regulation.id}>
            <Link to={`/regulations/${regulation.id}`}>
              {regulation.code} — {regulation.title}
            </Link>
            {regulation.sections.length > 0 && (
              <span className="message-sources-items">
                {regulation.sections.map((section) => (
                  <Link
                    key={section.item}
                    to={`/regulations/${regulation.id}#${encodeURIComponent(section.item)}`}
                  >
                    item {section.item}
                  </Link>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
