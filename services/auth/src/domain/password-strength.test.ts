import { beforeAll, describe, expect, it } from "vitest";
import { generatePassword } from "./credentials.js";
import { checkNewPassword, resemblesEmail } from "./password-strength.js";

describe("new password check", () => {
  const account = { email: "owner@example.com", currentPassword: "the-current-passphrase-31" };

  // The first check loads the dictionaries (about a second, more on a busy machine).
  beforeAll(() => checkNewPassword("warming-up-the-dictionaries", account), 60_000);

  it("refuses common and guessable passwords, with the estimator's advice as keys", async () => {
    expect(await checkNewPassword("aaaaaaaaaaaa", account)).toMatchObject({
      problem: "password_too_weak",
      hints: expect.arrayContaining(["warning.simpleRepeat"]),
    });
    expect(await checkNewPassword("password1234", account)).toMatchObject({
      problem: "password_too_weak",
      hints: expect.arrayContaining(["warning.similarToCommon"]),
    });
    expect((await checkNewPassword("contraseña1234", account))?.problem).toBe("password_too_weak");
    expect((await checkNewPassword("qwertyuiop12", account))?.problem).toBe("password_too_weak");
  });

  it("refuses the current password and the account's email, however it is dressed up", async () => {
    expect((await checkNewPassword(account.currentPassword, account))?.problem).toBe("password_same_as_current");
    for (const variant of ["owner@example.com", "Owner@Example.com1", "owner-example-com", "OWNER.example.com!2024"])
      expect((await checkNewPassword(variant, account))?.problem, variant).toBe("password_resembles_email");
  });

  it("accepts strong passwords, generated ones included", async () => {
    for (const strong of ["a-new-long-passphrase", "correct horse battery staple", "owner-keeps-bees-in-Soria"])
      expect(await checkNewPassword(strong, account), strong).toBeNull();
    for (let i = 0; i < 3; i++) expect(await checkNewPassword(generatePassword(), account)).toBeNull();
  });

  it("tells an address used as a password from one merely mentioning its name", () => {
    expect(resemblesEmail("owner2024", "owner@example.com")).toBe(true);
    expect(resemblesEmail("bench-admin-passphrase-42", "bench@example.com")).toBe(false);
  });
});
