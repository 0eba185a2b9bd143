import { useState, type FormEvent } from "react";
import type { Retailer } from "@rsv/api/client";
import { useAdminCopy } from "../admin-copy.js";
import { errorDetails } from "../api/hooks.js";
import { useEditRetailer, useRetailers } from "../api/earnings.js";
import { TextField } from "../ui/fields.js";

/**
 * Retailers with the sub-ID template their counted clicks carry (`subid={clickId}`), and where such a
 * click goes. The owner edits templates (x-role: owner); an editor reads them.
 */
export function RetailersPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useAdminCopy();
  const retailers = useRetailers();

  return (
    <section
      className="mt-10 space-y-4 rounded-xl border border-slate-200 p-4 sm:p-6"
      aria-labelledby="retailers-title"
      data-testid="retailers"
    >
      <h3 id="retailers-title" className="font-semibold text-slate-900">
        {t("offers.retailers.title")}
      </h3>
      <p className="text-sm text-slate-600">{t("offers.retailers.intro")}</p>
      {retailers.isPending ? (
        <p className="text-slate-500">{t("common.loading")}</p>
      ) : retailers.isError ? (
        <p className="text-red-600">{t("common.loadFailed")}</p>
      ) : retailers.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t("offers.retailers.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {retailers.data.map((retailer) => (
            <RetailerRow key={retailer.name} retailer={retailer} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RetailerRow({ retailer, canEdit }: { retailer: Retailer; canEdit: boolean }) {
  const { t } = useAdminCopy();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useEditRetailer({ onSuccess: () => setDraft(null) });
  const value = draft ?? retailer.subIdTemplate ?? "";
  // Each problem in the admin's words, by its reason (the service's messages are English); the rules
  // in full for a problem without one.
  const problems = errorDetails(save.error);
  const refused = [
    ...new Set(
      problems.map((detail) =>
        detail.reason?.startsWith("subid_")
          ? t(`offers.retailers.problems.${detail.reason}`, { defaultValue: t("offers.retailers.invalid") })
          : t("offers.retailers.invalid"),
      ),
    ),
  ].join(" ");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || draft === null) return;
    save.mutate({ name: retailer.name, subIdTemplate: draft.trim() || null });
  }

  return (
    // Anywhere: a retailer named after its web address has no space to wrap at on a phone.
    <li className="space-y-2 px-4 py-3 text-sm wrap-anywhere" data-testid="retailer-row">
      <p className="font-medium text-slate-900">
        {retailer.name}{" "}
        <span className="font-normal text-slate-500">
          {t("offers.retailers.offerCount", { count: retailer.offers })}
        </span>
      </p>
      {canEdit ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
          <div className="min-w-[16rem] flex-1">
            <TextField
              label={t("offers.retailers.template", { name: retailer.name })}
              value={value}
              placeholder="subid={clickId}"
              spellCheck={false}
              onValue={(next) => {
                if (save.error) save.reset();
                setDraft(next);
              }}
              error={refused || null}
              hint={t("offers.retailers.hint")}
            />
          </div>
          {/* aria-disabled, not disabled: a button disabled under the keyboard's focus drops it to the page. */}
          <button
            type="submit"
            className="btn-primary aria-disabled:opacity-50"
            aria-disabled={draft === null || save.isPending}
          >
            {save.isPending ? t("common.saving") : t("offers.retailers.save")}
          </button>
        </form>
      ) : (
        <p>
          {t("offers.retailers.templateLabel")}{" "}
          <code className="break-all">{retailer.subIdTemplate ?? t("offers.retailers.none")}</code>
        </p>
      )}
      {retailer.replaces.length > 0 && (
        <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950" data-testid="retailer-replaces">
          {t("offers.retailers.replaces", { names: retailer.replaces.join(", ") })}
        </p>
      )}
      {retailer.exampleUrl && (
        <p className="text-slate-600">
          {t("offers.retailers.example")}{" "}
          <code className="break-all" data-testid="retailer-example">
            {retailer.exampleUrl}
          </code>
        </p>
      )}
    </li>
  );
}
