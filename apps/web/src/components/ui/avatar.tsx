export function initialOf(name: string, email: string): string {
  const source = name.trim() || email.trim();
  return source ? source.charAt(0).toLocaleUpperCase('pt-BR') : '?';
}

/** The user's initial; decorative because the name is always shown beside it. */
export function Avatar({
  name,
  email,
  size = 'md',
}: {
  name: string;
  email: string;
  size?: 'md' | 'lg';
}) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true" data-testid="avatar">
      {initialOf(name, email)}
    </span>
  );
}
