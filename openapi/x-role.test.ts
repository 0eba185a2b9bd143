import { describe, expect, it } from "vitest";
import { adminRoles } from "@rsv/kit/session";
import { contractOperations, rolesOf, type ContractOperation } from "@rsv/kit/contract";

/**
 * The contract lint of roles: every admin operation says which roles may call it (`x-role`, right
 * below its `security:`), so a new operation cannot reach editors, or be closed to them, by omission.
 */

const ops = contractOperations();
const idOf = (op: ContractOperation) => op.operationId ?? `${op.method.toUpperCase()} ${op.path}`;
const isAdmin = (op: ContractOperation) =>
  Array.isArray(op.security) && op.security.length > 0 && op.security.every((each) => Object.keys(each).length > 0);
const xRole = (op: ContractOperation) => (op as unknown as Record<string, unknown>)["x-role"];

/**
 * What is the owner's alone, by name, whoever adds the operation: site and link-check settings,
 * accounts and invitations, subscribers and their export, the audit log.
 */
const OWNER_ONLY_NAME = /Settings|Account|Invitation|Subscriber|Audit|export/;

describe("x-role", () => {
  it("is on every admin operation, a list of known roles without repeats", () => {
    const admin = ops.filter(isAdmin);
    expect(admin.length).toBeGreaterThan(20);
    for (const op of admin) {
      const roles = xRole(op);
      expect(Array.isArray(roles), `${idOf(op)} declares x-role`).toBe(true);
      expect(roles, idOf(op)).not.toHaveLength(0);
      for (const role of roles as unknown[]) expect(adminRoles, `${idOf(op)} names ${String(role)}`).toContain(role);
      expect(new Set(roles as unknown[]).size, `${idOf(op)} repeats a role`).toBe((roles as unknown[]).length);
      expect(roles, `${idOf(op)}: owners may do everything`).toContain("owner");
    }
  });

  it("is only on admin operations, where it means something", () => {
    for (const op of ops.filter((each) => !isAdmin(each))) expect(xRole(op), idOf(op)).toBeUndefined();
  });

  it("documents 403 wherever a role is refused", () => {
    for (const op of ops.filter(isAdmin)) {
      const roles = rolesOf(op) ?? [];
      const refusesSome = adminRoles.some((role) => !roles.includes(role));
      expect(refusesSome ? Object.keys(op.responses) : ["403"], idOf(op)).toContain("403");
    }
  });

  it("keeps settings, accounts, invitations, subscribers, exports and the audit log from editors", () => {
    const ownerOnly = ops.filter((op) => isAdmin(op) && OWNER_ONLY_NAME.test(idOf(op)));
    expect(ownerOnly.map(idOf)).toEqual(
      expect.arrayContaining(["updateSiteSettings", "getLinkCheckSettings", "listAccounts", "exportSubscribers"]),
    );
    for (const op of ownerOnly) expect(xRole(op), idOf(op)).toEqual(["owner"]);
  });

  it("is read strictly: a role the site does not know stops the contract loading", () => {
    expect(rolesOf({ "x-role": ["owner", "editor"] })).toEqual(["owner", "editor"]);
    expect(rolesOf({})).toBeUndefined();
    for (const bad of [["admin"], [], "owner", [1]]) expect(() => rolesOf({ "x-role": bad })).toThrow(/x-role/);
  });
});
