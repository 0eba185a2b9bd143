import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import { badRequest, payloadTooLarge } from "@rsv/kit";

export interface UploadedFile {
  originalName: string;
  data: Buffer;
}

// Boundaries, part headers and small fields around the file: a body this much over the file limit
// cannot hold a file under it.
const MULTIPART_OVERHEAD = 64 * 1024;
// After a refusal the rest of the body is read and dropped so the connection stays usable; behind
// nginx that is at most a couple of MB, and a client that keeps sending beyond this is cut off.
const MAX_DISCARD = 8 * 1024 * 1024;

const missingFile = (field: string) =>
  badRequest(`A file is required in the multipart field ${field}`, [
    { path: `body.${field}`, message: `${field} is required` },
  ]);

/** Reads and drops what is left of a refused request body, closing the connection if it goes on too long. */
function discard(req: IncomingMessage): void {
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_DISCARD) req.socket.destroy();
  });
  req.resume();
}

/**
 * Streams a multipart/form-data body and keeps the file of field `field`, at most `limit` bytes.
 * The limit is enforced while streaming: the moment the file passes it, parsing stops and a 413 is
 * thrown without buffering the rest.
 */
export function readFileField(
  req: IncomingMessage,
  field: string,
  limit: number,
  tooLarge: string,
): Promise<UploadedFile> {
  if (!/^multipart\/form-data\b/i.test(req.headers["content-type"] ?? "")) return Promise.reject(missingFile(field));
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) {
    discard(req);
    return Promise.reject(payloadTooLarge(tooLarge));
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: "utf8",
      // busboy reports the limit when a file reaches it; one byte more lets a file of exactly `limit` through.
      limits: { fileSize: limit + 1, files: 5, fields: 20, fieldSize: 64 * 1024, parts: 25, headerPairs: 50 },
    });
  } catch {
    return Promise.reject(badRequest("The multipart body has no boundary"));
  }

  return new Promise<UploadedFile>((resolve, reject) => {
    let settled = false;
    let file: { name: string; chunks: Buffer[]; size: number } | undefined;

    const finish = (outcome: { error: Error } | { value: UploadedFile }) => {
      if (settled) return;
      settled = true;
      if ("error" in outcome) {
        req.unpipe(parser);
        parser.removeAllListeners();
        parser.on("error", () => undefined);
        discard(req);
        reject(outcome.error);
      } else {
        resolve(outcome.value);
      }
    };

    parser.on("file", (name, stream, info) => {
      if (name !== field || file) {
        stream.resume();
        return;
      }
      const current = { name: info.filename ?? "", chunks: [] as Buffer[], size: 0 };
      file = current;
      stream.on("data", (chunk: Buffer) => {
        current.chunks.push(chunk);
        current.size += chunk.length;
      });
      stream.on("limit", () => {
        current.chunks = [];
        finish({ error: payloadTooLarge(tooLarge) });
      });
    });
    parser.on("error", () => finish({ error: badRequest("The multipart body is malformed") }));
    parser.on("close", () => {
      if (!file || file.size === 0) finish({ error: missingFile(field) });
      else finish({ value: { originalName: file.name, data: Buffer.concat(file.chunks, file.size) } });
    });
    req.on("aborted", () => finish({ error: badRequest("The upload was interrupted") }));
    req.pipe(parser);
  });
}
