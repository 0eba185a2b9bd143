/** A product's benefits as a checked list. */
export function BenefitList({ benefits, testId }: { benefits: string[]; testId?: string }) {
  return (
    <ul className="mt-1 space-y-1 text-sm text-slate-600" data-testid={testId}>
      {benefits.map((benefit) => (
        <li key={benefit} className="flex gap-2">
          <span aria-hidden="true" className="text-emerald-600">
            ✓
          </span>
          {benefit}
        </li>
      ))}
    </ul>
  );
}
