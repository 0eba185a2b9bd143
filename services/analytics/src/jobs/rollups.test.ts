import { describe, expect, it } from "vitest";
import { RollupDaysFailed } from "../repository/rollups.repository.js";
import { startRollupJob } from "./rollups.js";

const quiet = { debug() {}, info() {}, warn() {}, error() {} } as never;

describe("the roll-up job", () => {
  it("recounts today once per turn even while some day keeps failing", async () => {
    const asked: boolean[] = [];
    const rollups = {
      async refresh({ today }: { today?: boolean } = {}) {
        asked.push(today ?? true);
        throw new RollupDaysFailed([{ day: "2026-10-22", error: new Error("index row size") }], ["2026-11-27"]);
      },
    };
    const job = startRollupJob(rollups, { prepareMonths: async () => {} }, 3_600_000, quiet, 3_600_000);
    try {
      const rounds = [];
      for (let round = 0; round < 5; round++) rounds.push(await job.runOnce());
      // The days made are answered; today was asked for in the first round only.
      expect(rounds).toEqual(Array.from({ length: 5 }, () => ["2026-11-27"]));
      expect(asked).toEqual([true, false, false, false, false]);
    } finally {
      await job.stop();
    }
  });
});
