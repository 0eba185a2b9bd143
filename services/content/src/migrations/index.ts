import { content001 } from "./001_content.js";
import { content002 } from "./002_legal_settings.js";

export const migrations = [content001, content002];
