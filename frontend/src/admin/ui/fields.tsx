import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

const inputClass =
  "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-wine-500 aria-[invalid=true]:border-red-500";

interface FieldFrame {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Marked with an asterisk beside the label and aria-required on the control. */
  required?: boolean;
}

/** The asterisk of a required field, and the line that explains it at the top of a form. */
export function RequiredNote({ text }: { text: string }) {
  return (
    <p className="text-xs text-slate-600">
      <span aria-hidden="true" className="mr-1 font-semibold text-red-600">
        *
      </span>
      {text}
    </p>
  );
}

function Frame({ id, label, error, hint, required, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {/* Outside the label, so the field's name stays its label; aria-required says it to screen readers. */}
      {required && (
        <span aria-hidden="true" className="ml-1 text-sm font-semibold text-red-600">
          *
        </span>
      )}
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The ids of the error and the hint below a control, for aria-describedby. */
function describedBy(id: string, frame: FieldFrame): string | undefined {
  return [frame.error && `${id}-error`, frame.hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
}

/** What a text input and a text area share: the value, its change, and the error and hint it points at. */
function controlProps(id: string, value: string, frame: FieldFrame, onValue: (value: string) => void) {
  return {
    id,
    value,
    onChange: (event: { target: { value: string } }) => onValue(event.target.value),
    "aria-invalid": frame.error ? true : undefined,
    "aria-required": frame.required ? true : undefined,
    "aria-describedby": describedBy(id, frame),
    className: inputClass,
  };
}

export function TextField({
  label,
  error,
  hint,
  required,
  value,
  onValue,
  suggestions,
  ...input
}: FieldFrame & {
  value: string;
  onValue: (value: string) => void;
  /** Values to offer as the owner types (a datalist); any other value may still be typed. */
  suggestions?: readonly string[];
} & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "required">) {
  const id = useId();
  const frame = { label, error, hint, required };
  return (
    <Frame id={id} {...frame}>
      <input {...controlProps(id, value, frame, onValue)} list={suggestions ? `${id}-list` : undefined} {...input} />
      {suggestions && (
        <datalist id={`${id}-list`} data-testid="field-suggestions">
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
    </Frame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  required,
  value,
  onValue,
  ...textarea
}: FieldFrame & { value: string; onValue: (value: string) => void } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "value" | "onChange" | "required"
  >) {
  const id = useId();
  const frame = { label, error, hint, required };
  return (
    <Frame id={id} {...frame}>
      <textarea {...controlProps(id, value, frame, onValue)} {...textarea} />
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
  required,
}: FieldFrame & { value: V; onValue: (value: V) => void; options: ReadonlyArray<{ value: V; label: string }> }) {
  const id = useId();
  const frame = { label, error, hint, required };
  return (
    <Frame id={id} {...frame}>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value as V)}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy(id, frame)}
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
