import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useApi } from "../../api/api-context.js";
import { facetsQuery } from "../../api/queries.js";
import { adminCopy, useAdminCopy } from "../admin-copy.js";
import { useBrowseOffers } from "../api/offers.js";
import { useAddProduct, useEditProduct } from "../api/products.js";
import { OfferDialog } from "../offers/offer-dialog.js";
import { ImageUrlField } from "../images/image-picker.js";
import { LanguagePair, RequiredNote, SelectField, TextArea, TextField, Toggle } from "../ui/fields.js";
import { Modal } from "../ui/modal.js";
import { useProductDialogStore } from "./product-dialog.store.js";
import {
  expertGrades,
  requiredProductFields,
  productInputFromDraft,
  retailersOf,
  validateProduct,
  type ProductDraft,
} from "./product-form.js";
import { DialogFooter } from "../ui/dialog-footer.js";
import { PreviewLinkButton } from "../ui/preview-link.js";
import { RevisionHistory } from "../ui/revision-history.js";
import { ProductOffers } from "./product-offers.js";
import { slugify } from "../../lib/slug.js";
import { reviewPath } from "../../routes.js";
import { SearchPreview } from "../ui/search-preview.js";
import { productSearchText } from "./product-search.js";
import { RestoreDraft, serverFieldErrors, useFocusFirstInvalid, useGuardedClose } from "../ui/unsaved-changes.js";

const noFilters = { potency: [], source: [], brand: [], price: [] };
const requiredFields = new Set<string>(requiredProductFields);

export function ProductDialog() {
  const { t } = useAdminCopy();
  const { open, editingId } = useProductDialogStore();
  const close = useGuardedClose(useProductDialogStore);
  return (
    <>
      <Modal
        open={open}
        title={editingId === null ? t("products.dialog.createTitle") : t("products.dialog.editTitle")}
        onClose={() => void close()}
        wide
        testId="product-dialog"
      >
        <ProductForm />
      </Modal>
      {/* Outside the product's form: the offer form is a form of its own, opened over this dialog. */}
      <OfferDialog />
    </>
  );
}

type SpanishKey = keyof ProductDraft["es"];

function ProductForm() {
  const { t } = useAdminCopy();
  const { editingId, draft, update, close } = useProductDialogStore();
  const cancel = useGuardedClose(useProductDialogStore);
  const api = useApi();
  // The values the comparison already filters by, offered so the same source is spelled the same way.
  const facets = useQuery(facetsQuery(api, noFilters)).data;
  const suggestions = (group: "brand" | "potency" | "source") => (facets?.[group] ?? []).map((facet) => facet.value);
  const allOffers = useBrowseOffers();
  const offers = editingId === null ? [] : (allOffers.data ?? []).filter((offer) => offer.productId === editingId);
  const retailers = retailersOf(offers);
  const preferred = draft.preferredRetailer.trim();
  // Retailers match without regard to case, as the redirect matches them.
  const chosen = retailers.find((retailer) => retailer.toLowerCase() === preferred.toLowerCase()) ?? preferred;
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const add = useAddProduct({ onSuccess: close });
  const edit = useEditProduct({ onSuccess: close });
  const pending = add.isPending || edit.isPending;
  const errors = attempted ? validateProduct(draft) : {};
  const errorOf = (field: keyof ProductDraft) =>
    errors[field] ? t(`products.errors.${errors[field]}`) : (serverErrors[field] ?? null);
  const hasErrors = Object.keys(errors).length > 0 || Object.keys(serverErrors).length > 0;
  const label = (field: string) => t(`products.fields.${field}`);
  const inEnglish = (field: string) => t("common.inEnglish", { field: label(field) });
  const spanish = (field: string) => t("common.inSpanish", { field: label(field) });
  const updateEs = (key: SpanishKey, value: string) => update({ es: { ...draft.es, [key]: value } });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setServerErrors({});
    if (pending) return;
    if (Object.keys(validateProduct(draft)).length > 0) return focusFirstInvalid();
    const body = productInputFromDraft(draft);
    // A 400 names the fields it refused (body.<field>): they are marked like the form's own findings.
    const onError = (error: unknown) => {
      setServerErrors(serverFieldErrors(error, adminCopy.en.products.errors, (key) => t(`products.errors.${key}`)));
      focusFirstInvalid();
    };
    if (editingId === null) add.mutate(body, { onError });
    else edit.mutate({ id: editingId, body }, { onError });
  }

  const text = (field: keyof ProductDraft & string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label(field)}
      value={String(draft[field])}
      onValue={(value) => update({ [field]: value })}
      error={errorOf(field)}
      required={requiredFields.has(field)}
      {...extra}
    />
  );

  const pair = (field: SpanishKey, kind: "input" | "textarea" = "input", hint?: string, offered?: string[]) => {
    const Field = kind === "textarea" ? TextArea : TextField;
    // Only the English field takes suggestions: the catalogue's filter values are its English ones.
    const english = offered ? { suggestions: offered } : {};
    return (
      <LanguagePair>
        <Field
          label={inEnglish(field)}
          value={String(draft[field])}
          onValue={(value) => update({ [field]: value })}
          error={errorOf(field)}
          required={requiredFields.has(field)}
          hint={hint}
          rows={kind === "textarea" ? 4 : undefined}
          {...english}
        />
        <Field
          label={spanish(field)}
          lang="es"
          value={draft.es[field]}
          onValue={(value) => updateEs(field, value)}
          hint={hint}
          rows={kind === "textarea" ? 4 : undefined}
        />
      </LanguagePair>
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6">
      <RestoreDraft store={useProductDialogStore} />
      <RequiredNote text={t("common.required")} />
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("products.sections.basics")}</legend>
        {text("name")}
        {text("brand", { suggestions: suggestions("brand"), hint: t("products.hints.brand") })}
        {text("potency", {
          placeholder: "500mg",
          suggestions: suggestions("potency"),
          hint: t("products.hints.potency"),
        })}
        {text("price", { inputMode: "decimal" })}
        {text("rating", { type: "number", step: "0.1", min: "1", max: "5", inputMode: "decimal" })}
        {text("reviewCount", { type: "number", min: "0", step: "1" })}
        {text("placement", { type: "number", min: "1", max: "20", step: "1", hint: t("products.hints.placement") })}
        <SelectField
          label={label("expertGrade")}
          value={draft.expertGrade}
          onValue={(value) => update({ expertGrade: value })}
          options={[
            { value: "", label: t("products.hints.gradeFromRating") },
            ...expertGrades.map((grade) => ({ value: grade, label: grade })),
          ]}
        />
        {text("category", { hint: t("products.hints.category") })}
      </fieldset>
      <ImageUrlField
        label={label("imageUrl")}
        value={draft.imageUrl}
        onValue={(value) => update({ imageUrl: value })}
        error={errorOf("imageUrl")}
        required
      />

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("products.sections.text")}</legend>
        {pair("description", "textarea")}
        {pair("bestFor", "input", t("products.hints.bestFor"))}
        {pair("source", "input", t("products.hints.source"), suggestions("source"))}
        {pair("badge", "input", t("products.hints.badge"))}
        {pair("features", "textarea", t("products.hints.onePerLine"))}
        {pair("benefits", "textarea", t("products.hints.onePerLine"))}
        {pair("keywords", "input", t("products.hints.keywords"))}
        {pair("ageRange")}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("products.sections.links")}</legend>
        <div className="max-w-md">
          <SelectField
            label={label("preferredRetailer")}
            value={chosen}
            onValue={(preferredRetailer) => update({ preferredRetailer })}
            hint={t("products.hints.preferredRetailer")}
            options={[
              { value: "", label: t("products.hints.cheapestOffer") },
              ...retailers.map((retailer) => ({ value: retailer, label: retailer })),
              // A retailer saved earlier whose offers have since gone stays visible until changed.
              ...(chosen && !retailers.includes(chosen) ? [{ value: chosen, label: chosen }] : []),
            ]}
          />
        </div>
        <ProductOffers productId={editingId} offers={offers} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("products.sections.search")}</legend>
        {pair("metaTitle", "input", t("products.hints.search"))}
        {pair("metaDescription", "textarea")}
        <LanguagePair>
          {(["en", "es"] as const).map((lang) => (
            <SearchPreview
              key={lang}
              lang={lang}
              path={reviewPath(slugify(`${draft.name} ${draft.brand}`) || "…", lang)}
              {...productSearchText(draft, lang)}
            />
          ))}
        </LanguagePair>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("products.sections.coupon")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">{text("couponCode")}</div>
        {pair("couponDiscount")}
        {pair("couponDescription", "textarea")}
      </fieldset>

      <fieldset className="flex flex-wrap gap-6">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("products.sections.flags")}</legend>
        <Toggle label={label("inStock")} checked={draft.inStock} onChecked={(inStock) => update({ inStock })} />
        <Toggle label={label("featured")} checked={draft.featured} onChecked={(featured) => update({ featured })} />
        <Toggle
          label={label("isTopRanked")}
          checked={draft.isTopRanked}
          onChecked={(isTopRanked) => update({ isTopRanked })}
        />
        <TextField
          type="datetime-local"
          label={label("publishAt")}
          value={draft.publishAt}
          onValue={(publishAt) => update({ publishAt })}
          hint={t("products.hints.publishAt")}
          data-testid="product-publish-at"
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("products.sections.html")}</legend>
        <LanguagePair>
          <TextArea
            label={inEnglish("htmlContent")}
            value={draft.htmlContent}
            onValue={(htmlContent) => update({ htmlContent })}
            rows={8}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs"
          />
          <TextArea
            label={spanish("htmlContent")}
            lang="es"
            value={draft.es.htmlContent}
            onValue={(value) => updateEs("htmlContent", value)}
            rows={8}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs"
          />
        </LanguagePair>
      </fieldset>

      {editingId !== null && (
        <div className="space-y-3">
          <div className="flex flex-wrap gap-3">
            <PreviewLinkButton entity="product" id={editingId} lang="en" />
            <PreviewLinkButton entity="product" id={editingId} lang="es" />
          </div>
          <RevisionHistory entity="product" entityId={String(editingId)} onRestored={close} />
        </div>
      )}
      <DialogFooter
        showErrors={attempted && hasErrors}
        pending={pending}
        creating={editingId === null}
        createLabel={t("products.dialog.create")}
        onCancel={() => void cancel()}
      />
    </form>
  );
}
