/**
 * The most JavaScript, gzipped, that a first visit to any public page may download (kB as Vite prints
 * them, 1000 bytes). build-budget.test.ts weighs the built client against it.
 */
export const firstLoadBudgetBytes = 100_000;
