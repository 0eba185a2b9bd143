/**
 * The runtime every Node process shares (services, web, analytics worker, embedded server):
 * configuration, JSON logs, request ids, who is calling, probes, metrics and graceful shutdown. Nothing here
 * touches the database or the queue, so the web process does not load knex, pg or BullMQ.
 */
export * from "./client-address.js";
export * from "./cache-generation.js";
export * from "./conditional-get.js";
export * from "./config.js";
export * from "./encoding.js";
export * from "./internal-call.js";
export * from "./logger.js";
export * from "./metrics.js";
export * from "./probes.js";
export * from "./request-context.js";
export * from "./serve.js";
