/**
 * Calls made in the same turn of the event loop go to the database as one statement: `run` gets
 * their items and answers one result per item, in order. With a message sent per job and several
 * jobs at once, this turns two statements per message into two per group of messages.
 */
export class TickBatch<I, O> {
  private pending: Array<{ item: I; resolve(result: O): void; reject(error: unknown): void }> = [];
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxItems = 200,
  ) {}

  call(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0) {
      const group = this.pending.splice(0, this.maxItems);
      Promise.resolve()
        .then(() => this.run(group.map((entry) => entry.item)))
        .then(
          (results) => group.forEach((entry, i) => entry.resolve(results[i]!)),
          (error: unknown) => group.forEach((entry) => entry.reject(error)),
        );
    }
  }
}
