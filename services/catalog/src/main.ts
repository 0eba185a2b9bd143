import { runService } from "@rsv/kit";
import { catalogService } from "./service.js";

await runService(catalogService);
