import { images001 } from "./001_images.js";
import { media002 } from "./002_audit_outbox.js";

export const migrations = [images001, media002];
