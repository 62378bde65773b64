/**
 * A thumb up or down drawn inline: emoji need a colour-emoji font, which Debian's Chromium (and
 * many Linux desktops) lack, and then show as empty boxes.
 */
export function ThumbIcon({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-icon={`thumb-${direction}`}
    >
      <path
        // An SVG attribute rather than an inline style: the CSP admits no inline styles.
        transform={direction === 'down' ? 'rotate(180 12 12)' : undefined}
        d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3Zm0 0 4-7.5a2 2 0 0 1 3.7 1.3L14 9h5.3a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18 21H7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
