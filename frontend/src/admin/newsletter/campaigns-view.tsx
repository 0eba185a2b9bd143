import { scheduleProblem, SCHEDULE_AHEAD_DAYS, type ScheduleProblem } from "@rsv/api/campaign-rules";
import { Marked } from "marked";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { affiliatePath } from "../../routes.js";
import { useAdminCopy } from "../admin-copy.js";
import {
  useCampaignAction,
  useCampaignProgress,
  useCampaigns,
  useSaveCampaign,
  useSendCampaign,
  useTestCampaign,
  type Campaign,
  type CampaignInput,
} from "../api/campaigns.js";
import { useBrowseProducts } from "../api/products.js";
import { errorDetails } from "../api/hooks.js";
import { useSession } from "../api/session.js";
import { useBrowseSubscribers } from "../api/subscribers.js";
import { looksLikeEmail } from "../ui/email.js";
import { LanguagePair, ListSkeletons, SelectField, TextArea, TextField } from "../ui/fields.js";
import { localDateTime, publishAtOf } from "../ui/schedule.js";
import { useFocusFirstInvalid } from "../ui/unsaved-changes.js";
import { EmailFrame } from "./outbox-view.js";
import { askConfirm } from "../ui/confirm.js";

type Lang = "en" | "es";
const langs: Lang[] = ["en", "es"];
const markdown = new Marked({ gfm: true, async: false });

/** A message's Markdown as the preview frame shows it. */
const emailHtml = (body: string) =>
  `<!doctype html><meta charset="utf-8"><body style="font-family:Georgia,serif;padding:12px">${markdown.parse(body) as string}</body>`;

const emptyInput = (): CampaignInput => ({ subject: { en: "", es: "" }, body: { en: "", es: "" } });

/**
 * A product's card for a campaign's message in one language: image, name and rating (written as that
 * language writes numbers) and the tracked /go link, tagged with the campaign when sent. No price: each
 * reader's market has its own, the link leads to it, and a price written into a message goes stale.
 * HTML, not Markdown: a message's body is Markdown with HTML allowed (sanitised by the newsletter
 * service), and a picture beside its words is a table in an email, which Markdown cannot write. The
 * field's hint says so.
 */
export function productCard(
  product: { name: string; slug: string; imageUrl: string; rating: string },
  lang: Lang,
): string {
  const escape = (value: string) =>
    value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  const rating = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Number(product.rating),
  );
  return `\n<table><tr><td><img src="${escape(product.imageUrl)}" alt="${escape(product.name)}" width="120"></td><td><a href="${affiliatePath(product.slug)}"><strong>${escape(product.name)}</strong></a><br>★ ${escape(rating)}</td></tr></table>\n`;
}

/** Products visitors can see now: a scheduled one's /go link and review answer 404 until it goes public. */
function publicNow<T extends { publishAt?: string | null }>(products: readonly T[], now = Date.now()): T[] {
  return products.filter((product) => !product.publishAt || Date.parse(product.publishAt) <= now);
}

function ProductPicker({ lang, onInsert }: { lang: Lang; onInsert: (snippet: string) => void }) {
  const { t } = useAdminCopy();
  const products = useBrowseProducts();
  const [slug, setSlug] = useState("");
  const options = publicNow(products.data ?? []).map((p) => ({ value: p.slug, label: p.name }));
  return (
    <div className="grid items-end gap-2 sm:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <SelectField
          label={t(`campaigns.productIn.${lang}`)}
          value={slug}
          onValue={setSlug}
          options={[{ value: "", label: t("campaigns.chooseProduct") }, ...options]}
        />
      </div>
      <button
        type="button"
        className="btn-outline py-2"
        disabled={!slug}
        aria-label={t(`campaigns.insertProductIn.${lang}`)}
        onClick={() => {
          const product = products.data?.find((p) => p.slug === slug);
          if (product) onInsert(productCard({ ...product, rating: String(product.rating) }, lang));
        }}
      >
        {t("campaigns.insertProduct")}
      </button>
    </div>
  );
}

function Editor({
  campaign,
  onSaved,
  onUnsaved,
}: {
  campaign?: Campaign;
  onSaved: (campaign: Campaign) => void;
  /** Told whether the form holds changes the saved campaign has not. */
  onUnsaved?: (unsaved: boolean) => void;
}) {
  const { t } = useAdminCopy();
  const [input, setInput] = useState<CampaignInput>(
    campaign ? { subject: { ...campaign.subject }, body: { ...campaign.body } } : emptyInput(),
  );
  const unsaved =
    campaign !== undefined &&
    langs.some((lang) => input.subject[lang] !== campaign.subject[lang] || input.body[lang] !== campaign.body[lang]);
  useEffect(() => onUnsaved?.(unsaved), [unsaved, onUnsaved]);
  useEffect(() => () => onUnsaved?.(false), [onUnsaved]);
  const save = useSaveCampaign({ onSuccess: onSaved });
  // The English subject and message are required (Spanish readers get English without a version of
  // their own): said beside the field, before the service is asked.
  const [attempted, setAttempted] = useState(false);
  const missing = {
    subject: attempted && !input.subject.en.trim(),
    body: attempted && !input.body.en.trim(),
  };
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const set = (part: "subject" | "body", lang: Lang, value: string) =>
    setInput((current) => ({ ...current, [part]: { ...current[part], [lang]: value } }));
  // Spanish readers get the English version until the Spanish one has both a subject and a message
  // (versionFor in the newsletter service): the preview shows what they will receive.
  const spanishFallsBack = !input.subject.es.trim() || !input.body.es.trim();
  const shownEn = input.body.en;
  const shownEs = spanishFallsBack ? input.body.en : input.body.es;
  const previews: Record<Lang, string> = useMemo(
    () => ({ en: emailHtml(shownEn), es: emailHtml(shownEs) }),
    [shownEn, shownEs],
  );
  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setAttempted(true);
        if (!input.subject.en.trim() || !input.body.en.trim()) {
          focusFirstInvalid();
          return;
        }
        save.mutate({ id: campaign?.id, input });
      }}
    >
      <LanguagePair>
        {langs.map((lang) => (
          <TextField
            key={lang}
            label={t(`campaigns.subject.${lang}`)}
            value={input.subject[lang]}
            onValue={(value) => set("subject", lang, value.replace(/[\r\n]/g, " "))}
            maxLength={200}
            required={lang === "en"}
            error={lang === "en" && missing.subject ? t("campaigns.errors.subjectRequired") : undefined}
          />
        ))}
      </LanguagePair>
      <LanguagePair>
        {langs.map((lang) => (
          <div key={lang} className="space-y-2">
            <TextArea
              label={t(`campaigns.body.${lang}`)}
              hint={t(`campaigns.bodyHint.${lang}`)}
              value={input.body[lang]}
              onValue={(value) => set("body", lang, value)}
              rows={10}
              required={lang === "en"}
              error={lang === "en" && missing.body ? t("campaigns.errors.bodyRequired") : undefined}
            />
            <ProductPicker lang={lang} onInsert={(snippet) => set("body", lang, `${input.body[lang]}${snippet}`)} />
            <p className="text-xs font-medium text-slate-600">{t(`campaigns.preview.${lang}`)}</p>
            {lang === "es" && spanishFallsBack && (
              <p className="text-xs text-slate-500" data-testid="campaign-preview-fallback">
                {t("campaigns.preview.fallback")}
              </p>
            )}
            {/* A blank frame the size of an email said nothing: until there is a message, the preview says so. */}
            {(lang === "es" ? shownEs : shownEn).trim() ? (
              <EmailFrame html={previews[lang]} title={t(`campaigns.preview.${lang}`)} />
            ) : (
              <p
                className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500"
                data-testid="campaign-preview-empty"
              >
                {t("campaigns.preview.empty")}
              </p>
            )}
          </div>
        ))}
      </LanguagePair>
      <button type="submit" className="btn-primary py-2" disabled={save.isPending}>
        {save.isPending ? t("common.saving") : t("campaigns.save")}
      </button>
    </form>
  );
}

/** Not begun: its deliveries (the counts) are recorded when sending begins, one per subscriber confirmed then. */
const notBegun = (status: Campaign["status"]) => status === "draft" || status === "scheduled";

/** Who would receive a campaign if it were sent now: the confirmed subscribers, or undefined while not known. */
function useAudience() {
  const subscribers = useBrowseSubscribers();
  const count = (data: typeof subscribers.data) =>
    data?.filter((subscriber) => subscriber.status === "confirmed").length;
  return {
    count: subscribers.isError ? undefined : count(subscribers.data),
    failed: subscribers.isError,
    /** Counted again, as the owner is about to be asked: the question names who gets it now. */
    recount: async () => {
      const result = await subscribers.refetch();
      return result.isError ? undefined : count(result.data);
    },
  };
}

function Progress({ campaign, audience }: { campaign: Campaign; audience: ReactNode }) {
  const { t } = useAdminCopy();
  const live = useCampaignProgress(campaign.id, campaign.status === "sending" || campaign.status === "scheduled");
  const current = live.data ?? campaign;
  const { total, queued, sent, failed, bounced } = current.counts;
  const done = total === 0 ? 0 : Math.round(((total - queued) / total) * 100);
  return (
    <div data-testid="campaign-progress" data-status={current.status}>
      {/* Before sending begins its counts are all 0, which is not how many it will go to: that is said instead. */}
      <p className="text-sm text-slate-700">
        {t(`campaigns.status.${current.status}`)} ·{" "}
        {notBegun(current.status) ? audience : t("campaigns.counts", { count: total, queued, sent, failed, bounced })}
      </p>
      <div
        className="mt-2 h-2 w-full rounded-full bg-slate-100"
        role="progressbar"
        aria-label={t("campaigns.progress")}
        aria-valuenow={done}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-2 rounded-full bg-wine-700" style={{ width: `${done}%` }} />
      </div>
    </div>
  );
}

/**
 * Test, send and schedule: each sends the campaign as saved, so while the editor above holds unsaved
 * changes they wait, saying so, rather than mail a version the owner has since changed.
 */
function Sending({ campaign, unsaved }: { campaign: Campaign; unsaved: boolean }) {
  const { t } = useAdminCopy();
  // The owner's own inbox is where a test usually goes: theirs to start with, theirs to change.
  const session = useSession({ asked: false });
  const [email, setEmail] = useState(() => session.data?.user.email ?? "");
  // Checked before the service is asked (it answers 400 to the same), and beside the field, not in a toast.
  const [testAttempted, setTestAttempted] = useState(false);
  const [refusedAddress, setRefusedAddress] = useState(false);
  const { formRef: testFormRef, focusFirstInvalid: focusTestAddress } = useFocusFirstInvalid();
  const emailError =
    testAttempted && !email.trim()
      ? t("campaigns.errors.testAddressRequired")
      : refusedAddress || (testAttempted && !looksLikeEmail(email))
        ? t("campaigns.errors.testAddressInvalid")
        : undefined;
  const [language, setLanguage] = useState<Lang>("en");
  const [at, setAt] = useState(() => localDateTime(new Date(Date.now() + 3_600_000)));
  // Said in the owner's language before the service is asked (it refuses the same times).
  const [atProblem, setAtProblem] = useState<ScheduleProblem | null>(null);
  const test = useTestCampaign();
  const send = useSendCampaign();
  const action = useCampaignAction();
  const editable = campaign.status === "draft" || campaign.status === "scheduled";
  // Each send button, while unsaved changes hold it back: still focusable, and pointing at the reason.
  const heldBackNote = `campaign-unsaved-${campaign.id}`;
  const heldBack = { "aria-disabled": unsaved, "aria-describedby": unsaved ? heldBackNote : undefined };
  // Send now mails the confirmed subscribers: with none (or none known) it is held back too. Schedule is
  // not (those confirmed by then receive it); both point at the line that says how many would now.
  const audience = useAudience();
  const audienceNote = `campaign-audience-${campaign.id}`;
  const nobody = !audience.count;
  const sendHeldBack = unsaved || nobody;
  const describedBy = [unsaved && heldBackNote, audienceNote].filter(Boolean).join(" ");
  const sendProps = { "aria-disabled": sendHeldBack, "aria-describedby": describedBy };
  const scheduleProps = { "aria-disabled": unsaved, "aria-describedby": describedBy };
  const audienceText =
    audience.count === undefined
      ? t(audience.failed ? "campaigns.audience.unknown" : "campaigns.audience.counting")
      : audience.count === 0
        ? t("campaigns.audience.none")
        : t("campaigns.audience.count", { count: audience.count });
  const audienceLine = (
    <span
      id={audienceNote}
      data-testid="campaign-audience"
      className={audience.count === 0 || audience.failed ? "font-medium text-amber-800" : undefined}
    >
      {audienceText}
    </span>
  );
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 p-4">
      <Progress campaign={campaign} audience={audienceLine} />
      <form
        ref={testFormRef}
        noValidate
        className="grid items-end gap-2 sm:grid-cols-[1fr_auto_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          if (unsaved) return;
          setTestAttempted(true);
          setRefusedAddress(false);
          if (!looksLikeEmail(email)) {
            focusTestAddress();
            return;
          }
          test.mutate(
            { id: campaign.id, email: email.trim(), language },
            {
              // An address the rough check let through and the contract's did not: marked beside it too.
              onError: (error) => {
                if (!errorDetails(error).some((detail) => detail.path === "body.email")) return;
                setRefusedAddress(true);
                focusTestAddress();
              },
            },
          );
        }}
      >
        <div className="min-w-0">
          <TextField
            label={t("campaigns.testAddress")}
            type="email"
            autoComplete="email"
            value={email}
            onValue={(value) => {
              setEmail(value);
              setRefusedAddress(false);
            }}
            required
            error={emailError}
          />
        </div>
        <SelectField
          label={t("campaigns.testLanguage")}
          value={language}
          onValue={setLanguage}
          options={langs.map((lang) => ({ value: lang, label: t(`newsletter.languages.${lang}`) }))}
        />
        <button
          type="submit"
          className="btn-outline py-2 aria-disabled:opacity-50"
          disabled={test.isPending}
          {...heldBack}
        >
          {t("campaigns.sendTest")}
        </button>
      </form>
      {unsaved && (
        <p id={heldBackNote} role="status" className="text-sm font-medium text-amber-800">
          {t("campaigns.saveFirst")}
        </p>
      )}
      {editable && (
        <div className="grid items-end gap-2 sm:flex sm:flex-wrap">
          <button
            type="button"
            className="btn-primary py-2 aria-disabled:opacity-50"
            disabled={send.isPending}
            {...sendProps}
            onClick={async () => {
              if (sendHeldBack) return;
              const count = await audience.recount();
              // None any more (or not known): the line beside the button now says so, and nothing is sent.
              if (!count) return;
              const confirmed = await askConfirm({
                message: t("campaigns.confirmSend", { count }),
                confirmLabel: t("campaigns.sendNow"),
              });
              if (confirmed) send.mutate({ id: campaign.id, sendAt: null });
            }}
          >
            {t("campaigns.sendNow")}
          </button>
          <div>
            <TextField
              label={t("campaigns.sendAt")}
              type="datetime-local"
              value={at}
              onValue={(value) => {
                setAt(value);
                setAtProblem(null);
              }}
              error={
                atProblem ? t(`campaigns.scheduleProblems.${atProblem}`, { days: SCHEDULE_AHEAD_DAYS }) : undefined
              }
            />
          </div>
          <button
            type="button"
            className="btn-outline py-2 aria-disabled:opacity-50"
            disabled={send.isPending || !at}
            {...scheduleProps}
            onClick={() => {
              if (unsaved) return;
              const sendAt = publishAtOf(at);
              const problem = sendAt ? scheduleProblem(new Date(sendAt), new Date()) : "invalid";
              setAtProblem(problem);
              if (!problem) send.mutate({ id: campaign.id, sendAt });
            }}
          >
            {t("campaigns.schedule")}
          </button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {(campaign.status === "sending" || campaign.status === "scheduled") && (
          <button
            type="button"
            className="btn-outline py-2"
            onClick={() => action.mutate({ id: campaign.id, action: "pause" })}
          >
            {t("campaigns.pause")}
          </button>
        )}
        {campaign.status === "paused" && (
          <button
            type="button"
            className="btn-outline py-2"
            onClick={() => action.mutate({ id: campaign.id, action: "resume" })}
          >
            {t("campaigns.resume")}
          </button>
        )}
        {["draft", "scheduled", "sending", "paused"].includes(campaign.status) && (
          <button
            type="button"
            className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
            onClick={() =>
              void askConfirm({
                message: t("campaigns.confirmCancel"),
                confirmLabel: t("campaigns.cancel"),
                cancelLabel: t("campaigns.keep"),
              }).then((confirmed) => confirmed && action.mutate({ id: campaign.id, action: "cancel" }))
            }
          >
            {t("campaigns.cancel")}
          </button>
        )}
      </div>
    </div>
  );
}

/** Compose in both languages with a preview of each, test, send now or at a time, watch it go out; the history below. */
export function CampaignsView() {
  const { t, lang } = useAdminCopy();
  const campaigns = useCampaigns({
    refetchInterval: (data) => (data?.some((c) => c.status === "sending") ? 2000 : false),
  });
  const [selected, setSelected] = useState<number | "new" | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const date = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  const current = typeof selected === "number" ? campaigns.data?.find((c) => c.id === selected) : undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{t("campaigns.title")}</h2>
        <button type="button" className="btn-primary py-2" onClick={() => setSelected("new")}>
          {t("campaigns.new")}
        </button>
      </div>
      {selected === "new" && <Editor key="new" onSaved={(campaign) => setSelected(campaign.id)} />}
      {current && (
        <div className="space-y-4">
          {(current.status === "draft" || current.status === "scheduled") && (
            <Editor key={current.id} campaign={current} onSaved={() => undefined} onUnsaved={setUnsaved} />
          )}
          <Sending
            campaign={current}
            unsaved={unsaved && (current.status === "draft" || current.status === "scheduled")}
          />
        </div>
      )}
      <h3 className="text-lg font-semibold text-slate-900">{t("campaigns.history")}</h3>
      {campaigns.isPending ? (
        <ListSkeletons count={3} testId="campaign-skeleton" />
      ) : campaigns.isError ? (
        <p className="text-red-600">{t("common.loadFailed")}</p>
      ) : campaigns.data.length === 0 ? (
        <p className="text-slate-600">{t("campaigns.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {campaigns.data.map((campaign) => (
            <li key={campaign.id} data-testid="campaign-row">
              <button
                type="button"
                className="w-full p-4 text-left hover:bg-slate-50"
                onClick={() => setSelected(campaign.id)}
              >
                <p className="truncate font-medium text-slate-900">{campaign.subject.en}</p>
                <p className="text-xs text-slate-500">
                  {t(`campaigns.status.${campaign.status}`)} ·{" "}
                  {date.format(new Date(campaign.sendAt ?? campaign.createdAt))}
                  {!notBegun(campaign.status) &&
                    ` · ${t("campaigns.counts", { ...campaign.counts, count: campaign.counts.total })}`}
                </p>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
