import { SMTPServer } from "smtp-server";

/**
 * The bench's SMTP server, in a process of its own so it does not share the sender's CPU: takes
 * every message, reads it to the end, and tells its parent how many it has (on any message).
 */
let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      received++;
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
});
process.on("message", () => process.send?.({ received }));
process.on("disconnect", () => server.close(() => process.exit(0)));
