import { migrations as initial } from "./001_events.js";
import { analytics002 } from "./002_dead_events.js";

export const migrations = [...initial, analytics002];
