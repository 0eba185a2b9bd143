import { useState, type FormEvent } from "react";
import { adminCopy, useAdminCopy } from "../admin-copy.js";
import { useAddPost, useBrowsePosts, useEditPost } from "../api/posts.js";
import { ImageUrlField } from "../images/image-picker.js";
import { RequiredNote, SelectField, TextArea, TextField, Toggle } from "../ui/fields.js";
import { Modal } from "../ui/modal.js";
import { usePostDialogStore } from "./post-dialog.store.js";
import { postCategories, postInputFromDraft, validatePost, withTitle, type PostDraft } from "./post-form.js";
import { PostPreview } from "./post-preview.js";
import { DialogFooter } from "../ui/dialog-footer.js";
import { articlePath } from "../../routes.js";
import { SearchPreview } from "../ui/search-preview.js";
import { PreviewLinkButton } from "../ui/preview-link.js";
import { RevisionHistory } from "../ui/revision-history.js";
import { slugify } from "../../lib/slug.js";
import { RestoreDraft, serverFieldErrors, useFocusFirstInvalid, useGuardedClose } from "../ui/unsaved-changes.js";

export function PostDialog() {
  const { t } = useAdminCopy();
  const { open, editingId } = usePostDialogStore();
  const close = useGuardedClose(usePostDialogStore);
  return (
    <Modal
      open={open}
      title={editingId === null ? t("blog.dialog.createTitle") : t("blog.dialog.editTitle")}
      onClose={() => void close()}
      wide
      testId="post-dialog"
    >
      <PostForm />
    </Modal>
  );
}

function PostForm() {
  const { t } = useAdminCopy();
  const { editingId, draft, update, close } = usePostDialogStore();
  const cancel = useGuardedClose(usePostDialogStore);
  const posts = useBrowsePosts();
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const add = useAddPost({ onSuccess: close });
  const edit = useEditPost({ onSuccess: close });
  const pending = add.isPending || edit.isPending;
  const errors = attempted ? validatePost(draft) : {};
  const errorOf = (field: keyof PostDraft) =>
    errors[field] ? t(`blog.errors.${errors[field]}`) : (serverErrors[field] ?? null);
  const hasErrors = Object.keys(errors).length > 0 || Object.keys(serverErrors).length > 0;
  const label = (field: string) => t(`blog.fields.${field}`);
  const otherLanguage = draft.lang === "en" ? "es" : "en";
  const translations = (posts.data ?? []).filter((post) => post.lang === otherLanguage && post.id !== editingId);

  // A post may carry a category from before the five were fixed; it stays choosable so saving keeps it.
  const categories: string[] = [...postCategories];
  if (draft.category && !categories.includes(draft.category)) categories.push(draft.category);
  const categoryOptions = categories.map((category) => ({
    value: category,
    label: t(`blog.categories.${category}`, { defaultValue: category }),
  }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setServerErrors({});
    if (pending) return;
    if (Object.keys(validatePost(draft)).length > 0) return focusFirstInvalid();
    const body = postInputFromDraft(draft);
    // A 400 names the fields it refused (body.<field>): they are marked like the form's own findings.
    const onError = (error: unknown) => {
      setServerErrors(serverFieldErrors(error, adminCopy.en.blog.errors, (key) => t(`blog.errors.${key}`)));
      focusFirstInvalid();
    };
    if (editingId === null) add.mutate(body, { onError });
    else edit.mutate({ id: editingId, body }, { onError });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <RestoreDraft store={usePostDialogStore} />
      <RequiredNote text={t("common.required")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={label("title")}
          value={draft.title}
          onValue={(title) => update(withTitle(draft, title))}
          error={errorOf("title")}
          required
        />
        <TextField
          label={label("slug")}
          value={draft.slug}
          onValue={(slug) => update({ slug, slugEdited: true })}
          error={errorOf("slug")}
          hint={t("blog.hints.slug")}
        />
        <SelectField
          label={label("category")}
          value={draft.category}
          onValue={(category) => update({ category })}
          options={categoryOptions}
          error={errorOf("category")}
          required
        />
        <SelectField
          label={label("lang")}
          value={draft.lang}
          onValue={(lang) => update({ lang, translationId: "" })}
          options={[
            { value: "en", label: t("common.languages.en") },
            { value: "es", label: t("common.languages.es") },
          ]}
        />
        <SelectField
          label={label("translation")}
          value={draft.translationId}
          onValue={(translationId) => update({ translationId })}
          hint={t("blog.hints.translation")}
          options={[
            { value: "", label: t("blog.hints.noTranslation") },
            ...translations.map((post) => ({ value: String(post.id), label: post.title })),
          ]}
        />
        <TextField
          label={label("keywords")}
          value={draft.keywords}
          onValue={(keywords) => update({ keywords })}
          hint={t("blog.hints.keywords")}
        />
      </div>
      <ImageUrlField
        label={label("imageUrl")}
        value={draft.imageUrl}
        onValue={(imageUrl) => update({ imageUrl })}
        error={errorOf("imageUrl")}
        required
      />
      <TextArea
        label={label("excerpt")}
        value={draft.excerpt}
        onValue={(excerpt) => update({ excerpt })}
        error={errorOf("excerpt")}
        required
        hint={t("blog.hints.excerpt")}
        rows={2}
      />
      <TextField
        label={label("metaTitle")}
        value={draft.metaTitle}
        onValue={(metaTitle) => update({ metaTitle })}
        maxLength={120}
      />
      <TextField
        label={label("metaDescription")}
        value={draft.metaDescription}
        onValue={(metaDescription) => update({ metaDescription })}
        maxLength={500}
      />
      <SearchPreview
        lang={draft.lang}
        path={articlePath(draft.slug || slugify(draft.title) || "…", draft.lang)}
        title={draft.metaTitle.trim() || draft.title}
        description={draft.metaDescription.trim() || draft.excerpt}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <TextArea
          label={label("content")}
          value={draft.content}
          onValue={(content) => update({ content })}
          error={errorOf("content")}
          required
          hint={t("blog.hints.content")}
          rows={16}
          spellCheck={false}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs"
        />
        <PostPreview html={draft.content} lang={draft.lang} />
      </div>
      <Toggle label={label("published")} checked={draft.published} onChecked={(published) => update({ published })} />
      {draft.published && (
        <TextField
          type="datetime-local"
          label={label("publishAt")}
          value={draft.publishAt}
          onValue={(publishAt) => update({ publishAt })}
          hint={t("blog.hints.publishAt")}
          data-testid="post-publish-at"
        />
      )}
      {editingId !== null && (
        <div className="space-y-3">
          <PreviewLinkButton entity="post" id={editingId} />
          <RevisionHistory entity="post" entityId={String(editingId)} onRestored={close} />
        </div>
      )}
      <DialogFooter
        showErrors={attempted && hasErrors}
        pending={pending}
        creating={editingId === null}
        createLabel={t("blog.dialog.create")}
        onCancel={() => void cancel()}
      />
    </form>
  );
}
