import { Fragment } from "react";
import { Link } from "react-router-dom";
import { matchPage } from "../../routes.js";

// A site path standing alone in the text: "/review/slug", "/es/investigacion/slug", "/david-sinclair-protocol".
const sitePath = /(^|[\s(])(\/[a-z0-9][a-z0-9\-/]*[a-z0-9])(?=$|[\s).,;:!?])/gi;

export type ReplyPart = { text: string } | { path: string };

/** Splits a reply into text and links to pages of this site; anything else stays plain text. */
export function replyParts(text: string): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let last = 0;
  for (const match of text.matchAll(sitePath)) {
    const path = match[2]!;
    if (matchPage(path).page === "notFound") continue;
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ path });
    last = start + path.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The assistant's plain-text reply with its site paths as links; React escapes the rest, so no HTML gets in. */
export function ReplyText({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  return (
    <>
      {replyParts(text).map((part, index) =>
        "path" in part ? (
          <Link key={index} to={part.path} onClick={onNavigate} className="font-medium text-wine-800 underline">
            {part.path}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
