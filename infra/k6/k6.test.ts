import { readFileSync, readdirSync } from "node:fs";
import { parse, type Node } from "acorn";
import { describe, expect, it } from "vitest";

// k6 is not installed here (nor in CI): the scripts are parsed as the ES modules k6 loads, and their
// exports, thresholds and request targets checked on the syntax tree.

const dir = new URL("./", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, dir), "utf8");
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith(".js") && f !== "config.js")
  .sort();

type Any = Node & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ast = (file: string) => parse(read(file), { ecmaVersion: "latest", sourceType: "module" }) as Any;

/** Every node of a tree, depth first. */
function* walk(node: unknown): Generator<Any> {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  const n = node as Any;
  if (typeof n.type === "string") yield n;
  for (const [key, value] of Object.entries(n)) if (key !== "loc") yield* walk(value);
}

const keyOf = (property: Any): string => (property.key.type === "Identifier" ? property.key.name : property.key.value);

/** The text of a string literal, or a template's text with ${…} kept as "N" (enough for a threshold's shape). */
function textOf(node: Any): string | undefined {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral") return node.quasis.map((q: Any) => q.value.cooked).join("1");
  return undefined;
}

/** The thresholds object a script passes to config.js's options(), or declares itself. */
function thresholdsOf(program: Any): Record<string, string[]> {
  const exported = program.body.find(
    (s: Any) => s.type === "ExportNamedDeclaration" && s.declaration?.declarations?.[0]?.id.name === "options",
  );
  if (!exported) throw new Error("no `export const options`");
  const init = exported.declaration.declarations[0].init as Any;
  const imported = program.body
    .filter((s: Any) => s.type === "ImportDeclaration" && s.source.value === "./config.js")
    .flatMap((s: Any) => s.specifiers)
    .find((s: Any) => s.imported?.name === "options")?.local.name;
  let object: Any | undefined;
  if (init.type === "CallExpression" && init.callee.name === imported) object = init.arguments[0];
  else if (init.type === "ObjectExpression")
    object = init.properties.find((p: Any) => keyOf(p) === "thresholds")?.value;
  if (object?.type !== "ObjectExpression") throw new Error("options carry no thresholds object");
  return Object.fromEntries(
    object.properties.map((p: Any) => [keyOf(p), (p.value.elements as Any[]).map((e) => textOf(e) ?? "?")]),
  );
}

// k6's threshold grammar: an aggregation, an operator, a number.
const THRESHOLD = /^(avg|min|max|med|count|rate|value|p\(\d+(\.\d+)?\))\s*(<|<=|>|>=|==|===|!=)\s*\d+(\.\d+)?$/;

describe("k6 scenarios", () => {
  it("cover every scenario measured against the goals", () => {
    expect(scripts).toEqual([
      "blog.js",
      "chat.js",
      "pages.js",
      "product.js",
      "products-bypass.js",
      "products.js",
      "track.js",
    ]);
  });

  it.each(scripts)("%s parses as a module exporting options with thresholds and a default function", (file) => {
    const program = ast(file);
    const defaultExport = program.body.find((s: Any) => s.type === "ExportDefaultDeclaration");
    expect(defaultExport?.declaration.type).toBe("FunctionDeclaration");
    const thresholds = thresholdsOf(program);
    // At least one latency or rate budget of the scenario's own, beyond config.js's shared error budget.
    expect(Object.keys(thresholds).length).toBeGreaterThan(0);
    for (const [metric, expressions] of Object.entries(thresholds)) {
      expect(metric).toMatch(/^[a-z_]+(\{[a-z]+:[a-z0-9-]+(,[a-z]+:[a-z0-9-]+)*\})?$/);
      for (const expression of expressions) expect(expression, `${file} ${metric}`).toMatch(THRESHOLD);
    }
  });

  it("hold the goals' budgets", () => {
    expect(thresholdsOf(ast("products.js"))).toEqual({ "http_req_duration{name:products}": ["p(99)<10"] });
    expect(thresholdsOf(ast("track.js"))).toMatchObject({
      "http_req_duration{name:track}": ["p(99)<15"],
      events_accepted: ["rate>=1"],
    });
    expect(read("track.js")).toContain("MIN_EVENTS_PER_SECOND || 10000");
    expect(thresholdsOf(ast("chat.js"))).toEqual({ "http_req_duration{name:chat}": ["p(95)<50"] });
    expect(thresholdsOf(ast("pages.js"))).toEqual({
      "http_req_duration{name:page,lang:en}": ["p(50)<20"],
      "http_req_duration{name:page,lang:es}": ["p(50)<20"],
    });
    // Every scenario also gets the shared error budget.
    const shared = [...walk(ast("config.js"))].find((n) => n.type === "Property" && keyOf(n) === "http_req_failed");
    expect(textOf(shared!.value.elements[0])).toBe("rate<0.01");
  });

  it.each([...scripts, "config.js"])("%s sends requests only to BASE_URL", (file) => {
    const nodes = [...walk(ast(file))];
    // No address of its own anywhere: not in a string, not in a template.
    for (const node of nodes) expect(textOf(node) ?? "", file).not.toMatch(/^\w+:\/\//);
    // Every request's address is built by config.js's url(path), which prefixes BASE_URL.
    const requests = nodes.filter(
      (n) => n.type === "CallExpression" && n.callee.type === "MemberExpression" && n.callee.object.name === "http",
    );
    for (const call of requests.filter((c) => c.callee.property.name !== "expectedStatuses")) {
      expect(call.arguments[0].type, `${file}: http.${call.callee.property.name}`).toBe("CallExpression");
      expect(call.arguments[0].callee.name).toBe("url");
    }
  });

  it.each(scripts)("%s reads BASE_URL only through config.js", (file) => {
    expect(read(file)).not.toContain("__ENV.BASE_URL");
  });

  it("takes BASE_URL from the environment with no fallback host", () => {
    const config = read("config.js");
    expect(config).toContain('export const BASE_URL = (__ENV.BASE_URL || "")');
    expect(config).toContain("return `${BASE_URL}${path}`;");
  });

  it("asks the chat window's own quick questions, in both languages", () => {
    const list = [...walk(ast("chat.js"))].find((n) => n.type === "VariableDeclarator" && n.id.name === "QUESTIONS");
    const asked = (list!.init.elements as Any[]).map((e) => textOf(e));
    const quick = (lang: string) =>
      Object.values(
        (
          JSON.parse(
            readFileSync(new URL(`../../frontend/src/i18n/locales/${lang}/chat.json`, import.meta.url), "utf8"),
          ) as { quick: Record<string, { question: string }> }
        ).quick,
      ).map((q) => q.question);
    expect(asked).toEqual([...quick("en"), ...quick("es")]);
  });

  it("fails a run on a syntax error (the parser is not lenient)", () => {
    expect(() => parse("export const options = {", { ecmaVersion: "latest", sourceType: "module" })).toThrow();
  });
});
