import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./processes.js";

/** What the server answers a recipient: accepted (null), or a reply code (4xx temporary, 5xx permanent). */
export type RecipientPolicy = (address: string) => number | null;

export interface ReceivedMail {
  to: string;
  parsed: ParsedMail;
}

const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server in the test's own process (npm smtp-server), each message read back with
 * mailparser. `policy` decides what each RCPT TO is answered; `down()` takes it away as a crashed
 * server would be (new transactions refused, then the port closed), `up()` brings it back on the same port.
 */
export class TestMailServer {
  readonly received: ReceivedMail[] = [];
  policy: RecipientPolicy = () => null;
  port = 0;
  private server: SMTPServer | undefined;
  private refusing = false;
  private inData = 0;
  /** Parsing under way: wait for it before reading `received`. */
  private readonly parsing = new Set<Promise<void>>();

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.port ||= await freePort();
    this.refusing = false;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      closeTimeout: 500,
      size: 10 * 1024 * 1024,
      onMailFrom: (_address, _session, callback) =>
        callback(this.refusing ? refusal(421, "Service shutting down") : null),
      onRcptTo: (address, _session, callback) => {
        const code = this.policy(address.address);
        callback(code === null ? null : refusal(code, code >= 500 ? "No such user" : "Try again later"));
      },
      onData: (stream, session, callback) => {
        this.inData++;
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        const parsing = simpleParser(stream).then(
          (parsed) => {
            this.received.push({ to, parsed });
            this.inData--;
            callback();
          },
          (error: Error) => {
            this.inData--;
            callback(error);
          },
        );
        this.parsing.add(parsing);
        void parsing.finally(() => this.parsing.delete(parsing));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    server.on("error", () => undefined);
    this.server = server;
  }

  /**
   * Gone: new transactions are refused with 421, messages already being transferred are let finish
   * (so none is both stored here and reported failed to the sender), then the port is closed.
   */
  async down(): Promise<void> {
    this.refusing = true;
    const deadline = Date.now() + 5_000;
    while (this.inData > 0 && Date.now() < deadline) await new Promise<void>((resolve) => setImmediate(resolve));
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages received so far, once those being read are read. */
  async messages(): Promise<ReceivedMail[]> {
    await Promise.all(this.parsing);
    return this.received;
  }
}
