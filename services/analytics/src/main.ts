import { runService } from "@rsv/kit";
import { analyticsService } from "./service.js";

await runService(analyticsService);
