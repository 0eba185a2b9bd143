import { useState } from "react";
import { useAdminCopy } from "../admin-copy.js";
import { useOutbox } from "../api/campaigns.js";
import { CampaignsView } from "./campaigns-view.js";
import { OutboxView } from "./outbox-view.js";
import { SubscribersTab } from "./subscribers-tab.js";

type View = "subscribers" | "campaigns" | "outbox";

/** Subscribers, campaigns, and (with no SMTP server configured) the outbox of what would have gone out. */
export function NewsletterTab() {
  const { t } = useAdminCopy();
  const [view, setView] = useState<View>("subscribers");
  const outbox = useOutbox();
  const views: View[] =
    outbox.data && !outbox.data.smtp ? ["subscribers", "campaigns", "outbox"] : ["subscribers", "campaigns"];
  return (
    <div>
      <div className="mb-6 flex flex-wrap gap-2" role="group" aria-label={t("campaigns.views")}>
        {views.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={view === name}
            onClick={() => setView(name)}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${view === name ? "bg-wine-800 text-white" : "border border-slate-300 text-slate-700 hover:bg-slate-50"}`}
            data-testid={`newsletter-view-${name}`}
          >
            {t(`campaigns.view.${name}`)}
          </button>
        ))}
      </div>
      {view === "subscribers" && <SubscribersTab />}
      {view === "campaigns" && <CampaignsView />}
      {view === "outbox" && <OutboxView />}
    </div>
  );
}
