import { Component, type ErrorInfo, type ReactNode } from "react";
import { useAdminCopy } from "../admin-copy.js";

interface Props {
  children: ReactNode;
}

/**
 * A tab that fails to render says so in its own place, with a way to try again, instead of taking the
 * whole admin down to a blank page (React unmounts everything above an uncaught render error). Keyed
 * by the tab, so another tab starts afresh.
 */
export class TabBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("admin tab failed to render", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <TabFailed onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

function TabFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useAdminCopy();
  return (
    <div role="alert" className="space-y-3">
      <p className="text-red-700">{t("common.sectionFailed")}</p>
      <button type="button" className="btn-outline text-sm" onClick={onRetry}>
        {t("common.tryAgain")}
      </button>
    </div>
  );
}
