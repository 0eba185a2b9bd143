import { runService } from "@rsv/kit";
import { contentService } from "./service.js";

await runService(contentService);
