import { runService } from "@rsv/kit";
import { chatService } from "./service.js";

await runService(chatService);
