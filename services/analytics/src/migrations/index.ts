import { migrations as initial } from "./001_events.js";
import { analytics002 } from "./002_dead_events.js";
import { analytics003 } from "./003_browser_family.js";

export const migrations = [...initial, analytics002, analytics003];
