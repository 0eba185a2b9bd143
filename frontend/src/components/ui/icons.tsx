/** Inline outline icons: no icon font or emoji font is needed, so they render the same everywhere. */
const paths = {
  scale: "M12 3v18M5 21h14M3 7h18M6 7l-3 7a3 3 0 006 0L6 7zm12 0l-3 7a3 3 0 006 0l-3-7z",
  flask: "M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 006 21h12a1.7 1.7 0 001.5-2.5L14 9V3M7 15h10",
  book: "M4 5a2 2 0 012-2h13v16H6a2 2 0 00-2 2V5zm0 16a2 2 0 012-2h13v2H6",
  refresh: "M4 4v6h6M20 20v-6h-6M5.6 15A8 8 0 0019 17.7M18.4 9A8 8 0 005 6.3",
  hourglass: "M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9",
  heart: "M12 20s-7-4.4-9-9a4.9 4.9 0 019-3 4.9 4.9 0 019 3c-2 4.6-9 9-9 9z",
  bolt: "M13 2L4 14h7l-1 8 9-12h-7l1-8z",
  brain:
    "M9 4a3 3 0 00-3 3 3 3 0 00-2 5 3 3 0 002 5 3 3 0 006 0V6a2 2 0 00-3-2zm6 0a3 3 0 013 3 3 3 0 012 5 3 3 0 01-2 5 3 3 0 01-6 0",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zm-3 9l2 2 4-4",
  sparkles:
    "M12 3l1.8 4.7L18 9.5l-4.2 1.8L12 16l-1.8-4.7L6 9.5l4.2-1.8L12 3zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15z",
  dna: "M7 3c0 6 10 6 10 12 0 3-2 5-3 6M17 3c0 6-10 6-10 12 0 3 2 5 3 6M8 7h8M8 17h8",
  search: "M11 18a7 7 0 100-14 7 7 0 000 14zm5-2l5 5",
  package: "M3 7l9-4 9 4v10l-9 4-9-4V7zm0 0l9 4 9-4M12 11v10",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}

export function Flag({ lang, className = "h-3.5 w-5" }: { lang: "en" | "es"; className?: string }) {
  if (lang === "es") {
    return (
      <svg viewBox="0 0 30 20" className={`${className} rounded-sm`} aria-hidden="true">
        <rect width="30" height="20" fill="#c60b1e" />
        <rect y="5" width="30" height="10" fill="#ffc400" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 30 20" className={`${className} rounded-sm`} aria-hidden="true">
      <rect width="30" height="20" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((stripe) => (
        <rect key={stripe} y={(stripe * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="13" height={(20 * 7) / 13} fill="#3c3b6e" />
    </svg>
  );
}
