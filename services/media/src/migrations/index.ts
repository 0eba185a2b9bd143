import { images001 } from "./001_images.js";
import { media002 } from "./002_audit_outbox.js";
import { media003 } from "./003_without_metadata.js";

export const migrations = [images001, media002, media003];
