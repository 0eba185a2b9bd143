import { useState } from "react";
import { useAdminCopy } from "../admin-copy.js";
import { useOutbox, type OutboxMessage } from "../api/campaigns.js";
import { ListSkeletons } from "../ui/fields.js";

/** An email as it would look, in a frame that runs no script and reaches nothing of the admin. */
export function EmailFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      className="h-96 w-full rounded-lg border border-slate-200 bg-white"
    />
  );
}

function Entry({ message }: { message: OutboxMessage }) {
  const { t, lang } = useAdminCopy();
  const [open, setOpen] = useState(false);
  const date = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <li className="p-4" data-testid="outbox-row">
      <button type="button" className="w-full text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
        <p className="truncate font-medium text-slate-900">{message.subject}</p>
        <p className="text-xs text-slate-500">
          {t("outbox.summary", {
            to: message.to,
            date: date.format(new Date(message.createdAt)),
            kind: t(`outbox.kind.${message.kind}`),
          })}
        </p>
      </button>
      {open && (
        <div className="mt-3 space-y-3">
          <dl className="grid grid-cols-1 gap-x-3 text-xs sm:grid-cols-[max-content_1fr]">
            {Object.entries(message.headers).map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-semibold text-slate-700">{name}</dt>
                <dd className="break-all text-slate-600">{value}</dd>
              </div>
            ))}
          </dl>
          <EmailFrame html={message.html} title={message.subject} />
        </div>
      )}
    </li>
  );
}

export function OutboxView() {
  const { t } = useAdminCopy();
  const outbox = useOutbox({ refetchInterval: 5000 });
  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">{t("outbox.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("outbox.explain")}</p>
      <div className="mt-6">
        {outbox.isPending ? (
          <ListSkeletons count={3} testId="outbox-skeleton" />
        ) : outbox.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : outbox.data.messages.length === 0 ? (
          <p className="text-slate-600">{t("outbox.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {outbox.data.messages.map((message) => (
              <Entry key={message.id} message={message} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
