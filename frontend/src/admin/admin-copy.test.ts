import { describe, expect, it } from "vitest";
import { adminCopy } from "./admin-copy.js";

function flattenKeys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flattenKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("admin copy", () => {
  it("has the same keys in English and Spanish", () => {
    expect(flattenKeys(adminCopy.es).sort()).toEqual(flattenKeys(adminCopy.en).sort());
  });

  it("has no empty string", () => {
    for (const lang of ["en", "es"] as const) expect(JSON.stringify(adminCopy[lang])).not.toMatch(/:""/);
  });

  it("words the login, toasts and confirmations as the owner knows them", () => {
    expect(adminCopy.en.login).toMatchObject({
      title: "Admin Access",
      emailPlaceholder: "Enter your email",
      passwordPlaceholder: "Enter your password",
      pending: "Signing in...",
      footer: "Protected admin area for authorized personnel only.",
      toast: {
        success: "Login successful",
        successText: "Welcome to the admin dashboard",
        failed: "Authentication failed",
      },
    });
    expect(adminCopy.en.products.confirmDelete).toBe("Are you sure you want to delete this product?");
    expect(adminCopy.en.blog.confirmDelete).toBe("Are you sure you want to delete this blog post?");
    expect(adminCopy.en.newsletter.confirmDelete).toBe("Are you sure you want to remove this subscriber?");
    expect(adminCopy.en.images.confirmDelete).toBe("Delete {{filename}}?");
    expect(adminCopy.en.dashboard.toast.loggedOut).toBe("Logged out successfully");
  });
});
