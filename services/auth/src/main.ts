import { runService } from "@rsv/kit";
import { authService } from "./service.js";

await runService(authService);
