/** The owner's short promises as a ticked list (footer badges, the exit offer's perks); nothing when there are none. */
export function ClaimList({
  claims,
  className,
  tickClassName,
  testId,
}: {
  claims: readonly string[];
  className: string;
  tickClassName: string;
  testId: string;
}) {
  if (claims.length === 0) return null;
  return (
    <ul className={className} data-testid={testId}>
      {claims.map((claim) => (
        <li key={claim} className="flex items-center gap-2">
          <span aria-hidden="true" className={tickClassName}>
            ✓
          </span>
          {claim}
        </li>
      ))}
    </ul>
  );
}
