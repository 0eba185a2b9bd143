import type { ButtonHTMLAttributes } from "react";

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "type"> {
  /** The symbol shown (hidden from screen readers). */
  icon: string;
  /** What the button does, for screen readers. */
  label: string;
}

/** A button showing only a symbol, with its name for screen readers: close, minimise, ... */
export function IconButton({ icon, label, ...props }: IconButtonProps) {
  return (
    <button type="button" {...props}>
      <span aria-hidden="true">{icon}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** The ✕ that closes a banner, dialog, toast or panel. */
export function CloseButton(props: Omit<IconButtonProps, "icon">) {
  return <IconButton icon="✕" {...props} />;
}
