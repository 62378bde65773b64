/** The product mark: a document with a check, drawn inline so it needs no request. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M10 7h9l5 5v13H10z" fill="#fff" />
      <path d="M19 7v5h5" fill="none" stroke="var(--color-primary)" strokeWidth="1.5" />
      <path
        d="m13 18 2.5 2.5L20 16"
        fill="none"
        stroke="var(--color-primary)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
