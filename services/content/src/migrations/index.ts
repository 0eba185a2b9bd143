import { content001 } from "./001_content.js";
import { content002 } from "./002_legal_settings.js";
import { content003 } from "./003_claims.js";

export const migrations = [content001, content002, content003];
