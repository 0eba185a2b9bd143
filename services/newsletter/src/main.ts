import { runService } from "@rsv/kit";
import { newsletterService } from "./service.js";

await runService(newsletterService);
