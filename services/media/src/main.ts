import { runService } from "@rsv/kit";
import { mediaService } from "./service.js";

await runService(mediaService);
