import { useDocumentTitle } from '../../hooks/use-document-title';

/** A page whose screen is still to be built: its title and what it will hold. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      <p className="page-lead">{description}</p>
    </div>
  );
}
