import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RESERVATIONS, freePort, reservePort } from "./processes.js";

// Below the range freePort hands out, so no run on this machine holds them.
const PORT = 19_990;
const file = path.join(RESERVATIONS, String(PORT));
const holder = () => readFileSync(file, "utf8");
/** A process id that ran and has exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;

describe("port reservations shared by a run's processes", () => {
  afterEach(() => rmSync(file, { force: true }));

  it("claims a port nobody holds, once", () => {
    rmSync(file, { force: true });
    expect(reservePort(PORT)).toBe(true);
    expect(holder()).toBe(String(process.pid));
    expect(reservePort(PORT)).toBe(false);
  });

  it("leaves a port held by a process still running, or whose claim is being written", () => {
    writeFileSync(file, String(process.ppid));
    expect(reservePort(PORT)).toBe(false);
    writeFileSync(file, "");
    expect(reservePort(PORT)).toBe(false);
    expect(holder()).toBe("");
  });

  it("takes over the claim of a process that has exited", () => {
    writeFileSync(file, String(deadPid()));
    expect(reservePort(PORT)).toBe(true);
    expect(holder()).toBe(String(process.pid));
  });

  it("hands out ports it has claimed for this process", async () => {
    const claimed = path.join(RESERVATIONS, String(await freePort()));
    expect(readFileSync(claimed, "utf8")).toBe(String(process.pid));
    rmSync(claimed);
  });
});
