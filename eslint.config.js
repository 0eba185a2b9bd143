import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import vitest from "@vitest/eslint-plugin";
import { boundaries } from "./eslint.boundaries.js";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".data/**", ".tmp/**", "test-results/**", "openapi/generated/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["frontend/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  ...boundaries,
  ...testHygiene(),
);

/**
 * Tests that cannot pass without checking something, and that wait on a condition rather than a clock.
 * A test that returns early, branches around its expects or only takes screenshots passes whatever the
 * site does; a fixed sleep before an "is absent" check passes when the thing has simply not happened yet.
 */
function testHygiene() {
  const sleepMessage =
    "Wait on a condition (expect.poll, vi.waitFor, a Playwright locator or waitForFunction), not a clock. " +
    "Where time itself must pass (an expiry, an outage held open), disable this line and say why.";
  return [
    {
      files: ["**/*.test.{ts,tsx}"],
      plugins: { vitest },
      rules: {
        "vitest/expect-expect": [
          "error",
          { assertFunctionNames: ["expect", "assert", "assertMatchesSpec", "expect[A-Z]*"] },
        ],
        "vitest/valid-expect": ["error", { maxArgs: 2 }],
        "vitest/no-conditional-in-test": "error",
        "vitest/no-conditional-tests": "error",
        "vitest/no-conditional-expect": "error",
        "vitest/no-disabled-tests": "error",
        "vitest/no-focused-tests": "error",
      },
    },
    {
      files: ["**/*.test.{ts,tsx}", "frontend/e2e/**/*.ts"],
      rules: {
        "no-restricted-syntax": [
          "error",
          { selector: "CallExpression[callee.property.name='waitForTimeout']", message: sleepMessage },
          {
            selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
            message: sleepMessage,
          },
          { selector: "CallExpression[callee.name=/^(sleep|pause|delay)$/]", message: sleepMessage },
          { selector: "ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]", message: sleepMessage },
        ],
      },
    },
  ];
}
