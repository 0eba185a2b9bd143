// Who may import what: the service shape of docs/architecture.md, checked by the linter
// (eslint.boundaries.test.ts proves every rule fires). Each file falls in exactly one group below,
// because a later block's options for a rule replace an earlier block's.

const SERVICES = ["analytics", "auth", "catalog", "chat", "content", "media", "newsletter"];
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/*.checks.ts"];
const SERVICE_SOURCES = `services/{${SERVICES.join(",")}}/src`;

const otherServices = {
  regex: `^(@rsv/(${SERVICES.join("|")})(/|$)|(\\.\\./)+(services/)?(${SERVICES.join("|")})/)`,
  caseSensitive: true,
  message: "A service never imports another service: call it over HTTP with the generated client, from clients/.",
};

const knexMessage = "knex belongs in repository/ (and migrations): call a repository instead.";
const knex = [
  { name: "knex", message: knexMessage },
  { name: "knex-pglite", message: knexMessage },
  { name: "pg", message: knexMessage },
];
const kitKnex = [
  { name: "@rsv/kit", importNames: ["Knex"], message: knexMessage },
  { name: "@rsv/kit/db", importNames: ["Knex"], message: knexMessage },
];

const domainMessage =
  "domain/ is pure: no Koa, no database, no HTTP client. Do that in routes/, repository/ or clients/.";
const domainPaths = [
  { name: "koa", message: domainMessage },
  { name: "openapi-fetch", message: domainMessage },
  { name: "@rsv/api/client", importNames: ["createApiClient", "ApiClient", "unwrap"], message: domainMessage },
  {
    name: "@rsv/kit",
    importNames: ["Knex", "ApiClient", "internalApi", "OperationRouter", "createDb"],
    message: domainMessage,
  },
  { name: "@rsv/kit/db", message: domainMessage },
  ...knex.map((path) => ({ ...path, message: domainMessage })),
];
const domainPatterns = [
  { regex: "^(@koa/|koa-)", message: domainMessage },
  { regex: "^\\.\\./(routes|clients|http)/", message: domainMessage },
];

const frontendMessage =
  "The front end talks to services over HTTP (@rsv/api/client); of services/ it may use only the kit's runtime.";
const frontendPatterns = [
  { regex: "^@rsv/(?!api(/|$)|kit/runtime(/|$))", message: frontendMessage },
  { regex: "(^|/)services/", message: frontendMessage },
];

const rule = (paths, patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { paths, patterns }] });

export const boundaries = [
  {
    name: "boundaries/service-domain",
    files: [`${SERVICE_SOURCES}/**/domain/**/*.ts`],
    rules: {
      ...rule(domainPaths, [otherServices, ...domainPatterns]),
      "no-restricted-globals": ["error", { name: "fetch", message: domainMessage }],
    },
  },
  {
    name: "boundaries/service",
    files: [`${SERVICE_SOURCES}/**/*.ts`],
    ignores: ["**/domain/**", "**/repository/**", "**/migrations/**", ...TESTS],
    rules: rule([...knex, ...kitKnex], [otherServices]),
  },
  {
    name: "boundaries/service-data-and-tests",
    files: [
      `${SERVICE_SOURCES}/**/repository/**/*.ts`,
      `${SERVICE_SOURCES}/**/migrations/**/*.ts`,
      ...TESTS.map((t) => `${SERVICE_SOURCES}/${t}`),
    ],
    ignores: ["**/domain/**"],
    rules: rule([], [otherServices]),
  },
  {
    // The kit's runtime passes the database handle around (its type), but only db.ts builds on knex.
    name: "boundaries/kit",
    files: ["services/kit/src/**/*.ts"],
    ignores: ["services/kit/src/db.ts", ...TESTS],
    rules: rule(
      knex.map((path) => ({ ...path, allowTypeImports: true })),
      [otherServices],
    ),
  },
  {
    name: "boundaries/kit-db-and-tests",
    files: ["services/kit/src/db.ts", ...TESTS.map((t) => `services/kit/src/${t}`)],
    rules: rule([], [otherServices]),
  },
  {
    name: "boundaries/frontend",
    files: ["frontend/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: rule(knex, frontendPatterns),
  },
  {
    // Browser tests may look into the database to check what a visit stored.
    name: "boundaries/frontend-tests",
    files: TESTS.map((t) => `frontend/${t}`),
    rules: rule([], frontendPatterns),
  },
  {
    name: "boundaries/elsewhere",
    files: ["{gateway,infra,openapi}/**/*.ts"],
    ignores: TESTS,
    rules: rule(knex, []),
  },
];
