import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

const inputClass =
  "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-wine-500 aria-[invalid=true]:border-red-500";

interface FieldFrame {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

function Frame({ id, label, error, hint, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a text input and a text area share: the value, its change, and the error it points at. */
function controlProps(id: string, value: string, error: string | null | undefined, onValue: (value: string) => void) {
  return {
    id,
    value,
    onChange: (event: { target: { value: string } }) => onValue(event.target.value),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: inputClass,
  };
}

export function TextField({
  label,
  error,
  hint,
  value,
  onValue,
  ...input
}: FieldFrame & { value: string; onValue: (value: string) => void } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "value" | "onChange"
  >) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <input {...controlProps(id, value, error, onValue)} {...input} />
    </Frame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  value,
  onValue,
  ...textarea
}: FieldFrame & { value: string; onValue: (value: string) => void } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "value" | "onChange"
  >) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <textarea {...controlProps(id, value, error, onValue)} {...textarea} />
    </Frame>
  );
}

export function SelectField<V extends string>({
  label,
  value,
  onValue,
  options,
  error,
  hint,
}: FieldFrame & { value: V; onValue: (value: V) => void; options: ReadonlyArray<{ value: V; label: string }> }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value as V)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function Toggle({
  label,
  checked,
  onChecked,
}: {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        className="h-4 w-4 rounded border-slate-300 accent-wine-700"
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
    </div>
  );
}

/** An English field and its Spanish counterpart side by side (stacked on narrow screens). */
export function LanguagePair({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 rounded-xl bg-slate-50 p-3 md:grid-cols-2">{children}</div>;
}

export function ListSkeletons({ count, testId }: { count: number; testId: string }) {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} data-testid={testId} className="h-20 animate-pulse rounded-xl bg-slate-200" />
      ))}
    </ul>
  );
}
