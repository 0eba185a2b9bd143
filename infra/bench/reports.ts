import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { closeDb, createDb } from "@rsv/kit/db";
import { chromiumFlags, chromiumPath } from "../../frontend/e2e/support/chromium.js";
import { createMonthPartitions, monthsBetween } from "../../services/analytics/src/repository/partitions.js";
import { RollupRepository } from "../../services/analytics/src/repository/rollups.repository.js";
import { median } from "./load.js";
import { ms, printTable, rate, type Row } from "./report.js";
import { benchAdmin } from "./seed.js";

/**
 * The owner's reports at scale: a generator fills analytics.events straight in PostgreSQL with a
 * year's worth of a busy site's events (10 million, 1 million of them clicks), then every breakdown
 * of getAnalyticsReport is timed through the gateway as the admin, and the admin's analytics tab is
 * timed in Chromium until its chart and tables show their figures.
 *
 * Alone, against a running topology (infra/local/up.ts), for quick iterations:
 *   set -a; . .tmp/topology.env; set +a
 *   BENCH_REPORT_EVENTS=1000000 BENCH_REPORT_CLICKS=100000 node --import tsx infra/bench/reports.ts
 * Knobs: BENCH_REPORT_EVENTS, BENCH_REPORT_CLICKS (of the events), BENCH_REPORT_DAYS (span),
 * BENCH_REPORT_SEED=0 (measure what is already there), BENCH_REPORT_RUNS (requests per shape),
 * BENCH_REPORT_SHAPE_SECONDS (a shape stops early past this, after 3 requests), BENCH_REPORT_TAB_RUNS.
 */

const env = process.env;
export const reportSettings = {
  events: Number(env.BENCH_REPORT_EVENTS ?? 10_000_000),
  clicks: Number(env.BENCH_REPORT_CLICKS ?? 1_000_000),
  // 13 months, inside the default retention of 395 days (the hourly purge would trim older rows).
  days: Number(env.BENCH_REPORT_DAYS ?? 390),
  seed: env.BENCH_REPORT_SEED !== "0",
  runs: Number(env.BENCH_REPORT_RUNS ?? 20),
  shapeSeconds: Number(env.BENCH_REPORT_SHAPE_SECONDS ?? 15),
  tabRuns: Number(env.BENCH_REPORT_TAB_RUNS ?? 5),
  chunk: Number(env.BENCH_REPORT_CHUNK ?? 500_000),
};

const DAY_MS = 86_400_000;

/** The report's goals: a request's p95, and the tab until its figures show. */
const REQUEST_GOAL_MS = 150;
const TAB_GOAL_MS = 1000;

const BREAKDOWNS = [
  "page",
  "product",
  "retailer",
  "market",
  "lang",
  "source",
  "medium",
  "campaign",
  "device",
  "placement",
] as const;
type Breakdown = (typeof BREAKDOWNS)[number];

/** Where clicks are made, most used first (the placements of openapi/src/placements.ts). */
const PLACEMENTS_BY_USE = [
  "comparison-table",
  "review",
  "comparison-card",
  "home",
  "chat",
  "landing",
  "exit-popup",
  "newsletter",
  "other",
];

/** Markets, most visited first, and how many of their visitors read Spanish. */
const MARKETS: Array<[string, number]> = [
  ["US", 0.08],
  ["ES", 0.85],
  ["MX", 0.9],
  ["GB", 0.02],
  ["DE", 0.03],
  ["CA", 0.05],
  ["AR", 0.9],
  ["CO", 0.9],
  ["NL", 0.02],
  ["AU", 0.02],
  ["FR", 0.04],
  ["IT", 0.05],
  ["CL", 0.9],
  ["PL", 0.02],
  ["PE", 0.9],
  ["IE", 0.02],
  ["SE", 0.02],
  ["PT", 0.2],
  ["CH", 0.03],
  ["BE", 0.03],
];

/** Where visits come from, most frequent first: [source, medium, referrer host, campaign prefix]. */
const SOURCES: Array<[string | null, string | null, string | null, string | null]> = [
  [null, null, null, null],
  ["google.com", "referral", "google.com", null],
  ["newsletter", "email", null, "newsletter"],
  ["bing.com", "referral", "bing.com", null],
  ["facebook", "social", null, "fb"],
  ["duckduckgo.com", "referral", "duckduckgo.com", null],
  ["reddit.com", "referral", "reddit.com", null],
  ["youtube.com", "referral", "youtube.com", null],
  ["instagram", "social", null, "ig"],
  ["chatgpt.com", "referral", "chatgpt.com", null],
  ["google", "cpc", null, "ads"],
  ["t.co", "referral", "t.co", null],
  ["pinterest", "social", null, "pin"],
  ["ecosia.org", "referral", "ecosia.org", null],
  ["longevity-forum.example", "referral", "longevity-forum.example", null],
  ["yahoo.com", "referral", "yahoo.com", null],
  ["news.ycombinator.com", "referral", "news.ycombinator.com", null],
  ["supplement-blog.example", "referral", "supplement-blog.example", null],
  ["perplexity.ai", "referral", "perplexity.ai", null],
  ["linkedin.com", "referral", "linkedin.com", null],
];

type Db = ReturnType<typeof createDb>;
const rowsOf = async <T>(db: Db, sql: string, bindings: unknown[] = []) =>
  ((await db.raw(sql, bindings as never[])) as { rows: T[] }).rows;

/** The catalogue's products and retailers where there are some, made up to 50 and 8. */
async function catalogue(db: Db) {
  type Product = { id: number; slug: string; name: string };
  const products = await rowsOf<Product>(db, "select id, slug, name from catalog.products order by id limit 50").catch(
    (): Product[] => [],
  );
  for (let n = products.length; n < 50; n++)
    products.push({ id: 100_000 + n, slug: `bench-resveratrol-${n + 1}`, name: `Bench Resveratrol ${n + 1}` });
  const retailers = (
    await rowsOf<{ retailer: string }>(
      db,
      "select retailer from catalog.offers group by retailer order by count(*) desc, retailer limit 8",
    ).catch((): Array<{ retailer: string }> => [])
  ).map((row) => row.retailer);
  for (let n = retailers.length; n < 8; n++) retailers.push(`Bench Shop ${n + 1}`);
  return { products, retailers };
}

/**
 * The lookup tables the generator draws from, in a scratch schema: the pages of each language by
 * popularity (home, comparison, reviews of the products in click order, guides, a long tail of
 * articles), products, retailers, markets, sources and placements; and the hours of the span with
 * how many views and clicks each gets (the day's rhythm in the site's time zone, the week's, growth
 * over the year and some noise), and each day's pool of visitors.
 */
async function prepare(db: Db, timeZone: string) {
  const { products, retailers } = await catalogue(db);
  await db.raw("drop schema if exists bench_gen cascade");
  await db.raw("create schema bench_gen");
  const pages: Array<{ lang: string; path: string; slug: string | null }> = [];
  for (const lang of ["en", "es"] as const) {
    const es = lang === "es";
    const core = es ? ["/es", "/es/comparacion", "/es/guia-longevidad"] : ["/", "/comparison", "/longevity-guide"];
    const reviews = products.map((p) => ({ path: es ? `/es/resena/${p.slug}` : `/review/${p.slug}`, slug: p.slug }));
    const articles = Array.from({ length: es ? 1200 : 2000 }, (_, n) => ({
      path: es ? `/es/investigacion/articulo-resveratrol-${n + 1}` : `/blog/resveratrol-study-${n + 1}`,
      slug: null,
    }));
    const ordered = core.map((path) => ({ path, slug: null as string | null }));
    while (reviews.length || articles.length) {
      if (reviews.length) ordered.push(reviews.shift()!);
      if (articles.length) ordered.push(articles.shift()!);
    }
    pages.push(...ordered.map((page) => ({ lang, ...page })));
  }
  await db.raw(
    `create table bench_gen.paths as
     select lang, (row_number() over (partition by lang order by n) - 1)::int as rank, path, slug
     from unnest(?::text[], ?::text[], ?::text[]) with ordinality as t(lang, path, slug, n)`,
    [pages.map((p) => p.lang), pages.map((p) => p.path), pages.map((p) => p.slug)] as never[],
  );
  await db.raw(
    `create table bench_gen.products as
     select (n - 1)::int as rank, id, slug, name from unnest(?::int[], ?::text[], ?::text[]) with ordinality as t(id, slug, name, n)`,
    [products.map((p) => p.id), products.map((p) => p.slug), products.map((p) => p.name)] as never[],
  );
  await db.raw(
    `create table bench_gen.retailers as select (n - 1)::int as rank, name from unnest(?::text[]) with ordinality as t(name, n)`,
    [retailers] as never[],
  );
  await db.raw(
    `create table bench_gen.placements as select (n - 1)::int as rank, name from unnest(?::text[]) with ordinality as t(name, n)`,
    [PLACEMENTS_BY_USE] as never[],
  );
  await db.raw(
    `create table bench_gen.markets as select (n - 1)::int as rank, code, es from unnest(?::text[], ?::float8[]) with ordinality as t(code, es, n)`,
    [MARKETS.map((m) => m[0]), MARKETS.map((m) => m[1])] as never[],
  );
  await db.raw(
    `create table bench_gen.sources as
     select (n - 1)::int as rank, source, medium, host, campaign,
       case when host is null then null else 'https://' || host || '/' end as referrer
     from unnest(?::text[], ?::text[], ?::text[], ?::text[]) with ordinality as t(source, medium, host, campaign, n)`,
    [SOURCES.map((s) => s[0]), SOURCES.map((s) => s[1]), SOURCES.map((s) => s[2]), SOURCES.map((s) => s[3])] as never[],
  );
  // Hours of the span with their weight: evenings and late mornings busiest, Saturdays quietest,
  // Mondays busiest, traffic growing 2.5 times over the span, ±15 % from hour to hour.
  await db.raw(
    `create table bench_gen.hours as
     with h as (
       select at, extract(hour from at at time zone ?) as hour, extract(isodow from at at time zone ?) as dow,
         (row_number() over (order by at))::float8 / count(*) over () as progress
       from generate_series(date_trunc('hour', now()) - make_interval(days => ?), date_trunc('hour', now()), interval '1 hour') at
     )
     select at, (at at time zone ?)::date as day,
       ((0.12 + exp(-power(hour - 21, 2) / 10.0) + 0.75 * exp(-power(hour - 12, 2) / 8.0))
         * case dow when 6 then 0.75 when 7 then 0.85 when 1 then 1.15 else 1 end
         * (0.4 + 0.6 * progress) * (0.85 + 0.3 * random()))::numeric(20, 10) as weight
     from h`,
    [timeZone, timeZone, reportSettings.days, timeZone] as never[],
  );
  const views = reportSettings.events - reportSettings.clicks;
  // Views and clicks per hour: the running share of the weight, rounded down, so they add up exactly.
  await db.raw(
    `create table bench_gen.counts as
     with c as (
       select at, day, weight, sum(weight) over (order by at) as upto, sum(weight) over () as total from bench_gen.hours
     )
     select at, day,
       (floor(?::numeric * upto / total) - floor(?::numeric * (upto - weight) / total))::int as views,
       (floor(?::numeric * upto / total) - floor(?::numeric * (upto - weight) / total))::int as clicks
     from c`,
    [views, views, reportSettings.clicks, reportSettings.clicks] as never[],
  );
  // About four views per visitor and day: the day's visitors are a pool the day's events draw from.
  await db.raw(
    `alter table bench_gen.counts add column pool int;
     update bench_gen.counts c set pool = greatest(20, d.views / 4)
     from (select day, sum(views) as views from bench_gen.counts group by day) d where d.day = c.day;
     create index on bench_gen.counts (at)`,
  );
  for (const name of ["paths", "products", "retailers", "placements", "markets", "sources", "counts"])
    await db.raw(`analyze bench_gen.${name}`);
  return products;
}

/** A uniform draw in [0, 1) that is the same for a visitor of a day (k: which attribute). */
const visitorDraw = (k: number) => `((hashint8extended(e.visitor_key, ${k}) & 16777215)::float8 / 16777216)`;
/** A rank 0..n-1 drawn like Zipf's law (weight of rank r about 1/(r+1)) from a uniform draw u. */
const zipf = (u: string, n: number | string) => `least(${n} - 1, floor(exp(${u} * ln(${n} + 1)))::int - 1)`;

/** The visitor and their visit's attributes, for each event of the hours chosen (shared by views and clicks). */
function eventsOf(column: "views" | "clicks") {
  return `
    select e.*, ${zipf(visitorDraw(1), MARKETS.length)} as market_rank, ${visitorDraw(2)} as u_lang,
      ${zipf(visitorDraw(3), SOURCES.length)} as source_rank, ${zipf(visitorDraw(4), 15)} as campaign_n,
      ${visitorDraw(5)} as u_device, ${visitorDraw(6)} as u_browser
    from (
      select c.at + random() * interval '1 hour' as ts, c.day,
        (c.day - date '2000-01-01')::bigint * 10000000 + floor(random() * c.pool)::bigint as visitor_key,
        random() as u1, random() as u2, random() as u3, random() as u4
      from bench_gen.counts c cross join generate_series(1, c.${column})
      where c.at >= ? and c.at < ? and c.${column} > 0
      offset 0
    ) e`;
}

const COLUMNS = `uid, event_type, event_data, product_id, referrer, visitor_hash, country, "timestamp", browser, path,
  lang, product_slug, referrer_host, source, medium, campaign, device, placement, retailer, offer_id`;

/** Visitor-level columns, read from the visit's draws. */
const visitorColumns = `
  encode(sha256(convert_to(v.visitor_key::text || ':bench', 'UTF8')), 'hex') as visitor_hash,
  m.code as country,
  case when v.u_device < 0.58 then 'mobile' when v.u_device < 0.96 then 'desktop' else 'tablet' end as device,
  case when v.u_lang < m.es then 'es' else 'en' end as lang`;
const browserOf = `case d.device
    when 'mobile' then case when d.u_browser < 0.45 then 'Safari' when d.u_browser < 0.9 then 'Chrome' else 'Samsung Internet' end
    when 'tablet' then case when d.u_browser < 0.7 then 'Safari' else 'Chrome' end
    else case when d.u_browser < 0.65 then 'Chrome' when d.u_browser < 0.8 then 'Safari' when d.u_browser < 0.9 then 'Firefox' else 'Edge' end
  end || '/' || d.device`;
const campaignOf = `case when s.campaign is null then null else s.campaign || '-' || (d.campaign_n + 1) end`;

export function insertViews() {
  return `
    insert into analytics.events (${COLUMNS})
    select gen_random_uuid(), 'page_view', jsonb_build_object('page', p.path, 'timestamp', d.ts), null,
      s.referrer, d.visitor_hash, d.country, least(d.ts, now()), ${browserOf}, p.path, d.lang, p.slug, s.host, s.source,
      s.medium, ${campaignOf}, d.device, null, null, null
    from (
      select v.*, ${visitorColumns}, ${zipf("v.u1", "(select count(*) from bench_gen.paths where lang = 'es')")} as es_rank,
        ${zipf("v.u1", "(select count(*) from bench_gen.paths where lang = 'en')")} as en_rank
      from (${eventsOf("views")}) v join bench_gen.markets m on m.rank = v.market_rank
      offset 0
    ) d
    join bench_gen.paths p on p.lang = d.lang and p.rank = case d.lang when 'es' then d.es_rank else d.en_rank end
    join bench_gen.sources s on s.rank = d.source_rank`;
}

/**
 * Clicks as the worker stores them once credited to their visit: the product, retailer and offer,
 * where on the page (a review page's click has that review as its page), the visit's source, or the
 * newsletter campaign for a newsletter's link.
 */
export function insertClicks() {
  return `
    insert into analytics.events (${COLUMNS})
    select gen_random_uuid(), 'affiliate_click',
      jsonb_build_object('productName', pr.name, 'productSlug', pr.slug,
        'affiliateUrl', 'https://shop.example.com/bench/' || pr.slug || '/' || r.rank, 'timestamp', d.ts,
        'country', d.country, 'placement', pl.name, 'retailer', r.name, 'offerId', pr.rank * 8 + r.rank + 1),
      pr.id, null, d.visitor_hash, d.country, least(d.ts, now()), ${browserOf},
      case when pl.name = 'newsletter' then null
        when pl.name = 'review' then case d.lang when 'es' then '/es/resena/' else '/review/' end || pr.slug
        when pl.name like 'comparison-%' then case d.lang when 'es' then '/es/comparacion' else '/comparison' end
        when pl.name = 'home' then case d.lang when 'es' then '/es' else '/' end
        else p.path end,
      case when pl.name = 'newsletter' then null else d.lang end,
      pr.slug, null,
      case when pl.name = 'newsletter' then 'newsletter' else s.source end,
      case when pl.name = 'newsletter' then 'email' else s.medium end,
      case when pl.name = 'newsletter' then 'newsletter-' || (d.campaign_n + 1) else ${campaignOf} end,
      d.device, pl.name, r.name, pr.rank * 8 + r.rank + 1
    from (
      select v.*, ${visitorColumns}, ${zipf("v.u1", 50)} as product_rank, ${zipf("v.u2", 8)} as retailer_rank,
        ${zipf("v.u3", PLACEMENTS_BY_USE.length)} as placement_rank, ${zipf("v.u4", 200)} as page_rank
      from (${eventsOf("clicks")}) v join bench_gen.markets m on m.rank = v.market_rank
      offset 0
    ) d
    join bench_gen.products pr on pr.rank = d.product_rank
    join bench_gen.retailers r on r.rank = d.retailer_rank
    join bench_gen.placements pl on pl.rank = d.placement_rank
    join bench_gen.sources s on s.rank = d.source_rank
    left join bench_gen.paths p on p.lang = d.lang and p.rank = d.page_rank`;
}

/**
 * The table's indexes and unique constraints other than its primary key, as statements that build
 * them again: a bulk load drops them and builds each once at the end, many times faster than keeping
 * five b-trees (two of them over random uuids and hashes) up to date row by row.
 */
async function secondaryIndexes(db: Db) {
  const constraints = await rowsOf<{ name: string; def: string }>(
    db,
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = 'analytics.events'::regclass and contype = 'u'`,
  );
  const indexes = await rowsOf<{ name: string; def: string }>(
    db,
    `select i.relname as name, pg_get_indexdef(i.oid) as def from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = 'analytics.events'::regclass and not x.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
  );
  const builds = [
    ...constraints.map((c) => `alter table analytics.events add constraint "${c.name}" ${c.def}`),
    // A partitioned table's index is defined ON ONLY the parent: built again on the parent, it covers every month.
    ...indexes.map((i) => i.def.replace(" ON ONLY ", " ON ")),
  ];
  return {
    drop: async () => {
      // Kept in the scratch schema first: a run cut short builds them at its next start (restoreIndexes).
      await db.raw("create table bench_gen.dropped_indexes as select unnest(?::text[]) as def", [builds] as never[]);
      for (const c of constraints) await db.raw(`alter table analytics.events drop constraint "${c.name}"`);
      for (const i of indexes) await db.raw(`drop index analytics."${i.name}"`);
    },
    build: async () => {
      for (const def of builds) await db.raw(def);
      await db.raw("drop table bench_gen.dropped_indexes");
    },
    count: builds.length,
  };
}

const exists = async (db: Db, table: string) =>
  Boolean((await rowsOf<{ found: string | null }>(db, "select to_regclass(?) as found", [table]))[0]?.found);

const partitioned = async (db: Db) =>
  (
    await rowsOf<{ kind: string }>(db, "select relkind as kind from pg_class where oid = 'analytics.events'::regclass")
  )[0]?.kind === "p";

/** The indexes a run cut short had dropped, built again (the table is emptied first: it is the generator's). */
async function restoreIndexes(db: Db, log: (message: string) => void) {
  if (!(await exists(db, "bench_gen.dropped_indexes"))) return;
  await db.raw("truncate analytics.events");
  const defs = await rowsOf<{ def: string }>(db, "select def from bench_gen.dropped_indexes");
  for (const { def } of defs) await db.raw(def);
  log(`built again ${defs.length} indexes an interrupted run had dropped`);
}

export interface Seeded {
  rows: number;
  clicks: number;
  /** Inserting, then building the indexes dropped for the load, in all. */
  seconds: number;
  insertSeconds: number;
  indexSeconds: number;
  indexes: number;
  rowsPerSecond: number;
  analyzeSeconds: number;
  /** Building the hourly and daily roll-ups of the seeded days; null where the service keeps none. */
  rollupSeconds: number | null;
  /** VACUUM ANALYZE of the roll-up tables after they were built. */
  rollupVacuumSeconds: number;
  rollupDays: number;
  distinctPaths: number;
  from: string;
  to: string;
}

/**
 * Empties analytics.events (what earlier scenarios left is not part of this shape) and fills it with
 * the generator's events, in chunks of about `chunk` rows per statement, then VACUUM ANALYZE.
 */
export async function seedReportEvents(
  databaseUrl: string,
  options: { timeZone?: string; log?: (message: string) => void } = {},
): Promise<Seeded> {
  const log = options.log ?? console.log;
  const db = createDb({ databaseUrl, dataDir: "", poolMax: 1 });
  try {
    const timeZone = options.timeZone ?? "UTC";
    await restoreIndexes(db, log);
    await db.raw("truncate analytics.events");
    const rollups = await exists(db, "analytics.rollups_daily");
    // Roll-ups of what was just emptied would be read as those days' figures.
    if (rollups) {
      const tables = await rowsOf<{ name: string }>(
        db,
        `select tablename as name from pg_tables where schemaname = 'analytics'
         and (tablename like 'rollups\\_%' or tablename = 'rollup_dirty')`,
      );
      await db.raw(`truncate ${tables.map((t) => `analytics."${t.name}"`).join(", ")}`);
    }
    await prepare(db, timeZone);
    if (await partitioned(db)) {
      // Rows go to their month's table; one the table lacks would land in the default partition.
      const now = new Date();
      const months = monthsBetween(new Date(now.getTime() - (reportSettings.days + 1) * DAY_MS), now);
      await createMonthPartitions(db, months);
      log(`monthly partitions of analytics.events ready: ${months[0]} to ${months[months.length - 1]}`);
    }
    const hours = await rowsOf<{ at: Date; views: number; clicks: number }>(
      db,
      "select at, views, clicks from bench_gen.counts order by at",
    );
    const indexes = await secondaryIndexes(db);
    const keepIndexes = env.BENCH_REPORT_KEEP_INDEXES === "1";
    const started = Date.now();
    if (!keepIndexes) await indexes.drop();
    let built = keepIndexes;
    let done = 0;
    try {
      for (const [kind, sql] of [
        ["views", insertViews()],
        ["clicks", insertClicks()],
      ] as const) {
        let from = 0;
        while (from < hours.length) {
          let to = from;
          let size = 0;
          while (to < hours.length && (size === 0 || size + hours[to]![kind] <= reportSettings.chunk))
            size += hours[to++]![kind];
          const end = to < hours.length ? hours[to]!.at : new Date(hours[hours.length - 1]!.at.getTime() + 3_600_000);
          // Hash joins with the small lookup tables: the planner cannot estimate joins on drawn ranks,
          // and a nested loop over 3,000 pages per event is minutes instead of seconds.
          await db.transaction(async (trx) => {
            await trx.raw("set local enable_nestloop = off");
            await trx.raw("set local enable_mergejoin = off");
            await trx.raw("set local work_mem = '256MB'");
            await trx.raw(sql, [hours[from]!.at, end] as never[]);
          });
          done += size;
          from = to;
          const seconds = (Date.now() - started) / 1000;
          log(
            `seeded ${done.toLocaleString("en-US")} events, ${Math.round(done / seconds).toLocaleString("en-US")} rows/s`,
          );
        }
      }
    } catch (error) {
      // The table keeps its indexes whatever happened (the service's queries and uid dedupe need them).
      if (!built) await indexes.build().catch(() => undefined);
      throw error;
    }
    const inserted = (Date.now() - started) / 1000;
    const building = Date.now();
    if (!built) {
      await indexes.build();
      built = true;
    }
    const indexSeconds = (Date.now() - building) / 1000;
    const seconds = (Date.now() - started) / 1000;
    const analyzing = Date.now();
    await db.raw("vacuum analyze analytics.events");
    const analyzeSeconds = (Date.now() - analyzing) / 1000;
    let rollupSeconds: number | null = null;
    let rollupVacuumSeconds = 0;
    let rollupDays = 0;
    if (rollups) {
      // As the worker would after writing them: the seeded hours are marked changed, and the refresh
      // recomputes their days. The worker's own refresh may take some of them (one runs at a time,
      // under an advisory lock): the roll-ups are built once none is marked and no refresh is running.
      const building = Date.now();
      await db.raw(
        "insert into analytics.rollup_dirty (hour) select at from bench_gen.counts where views + clicks > 0",
      );
      const repository = new RollupRepository(db, {
        timeZone,
        currency: env.ANALYTICS_CURRENCY,
        retentionDays: Number(env.ANALYTICS_RETENTION_DAYS ?? 395),
      });
      for (;;) {
        rollupDays += (await repository.refresh()).length;
        if (await repository.settled()) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      rollupSeconds = (Date.now() - building) / 1000;
      log(`roll-ups built in ${rollupSeconds.toFixed(1)} s (${rollupDays} days by this run's refresh)`);
      // Thirteen months of roll-ups written at once: autovacuum would be going through them (millions
      // of pair rows) while the reports are timed. A site's roll-ups grow a day at a time and are long
      // vacuumed, so they are vacuumed here first, as the events are.
      const vacuuming = Date.now();
      for (const table of [
        "rollups_daily",
        "rollups_monthly",
        "rollups_hourly",
        "rollups_pairs_daily",
        "rollups_pairs_monthly",
      ])
        if (await exists(db, `analytics.${table}`)) await db.raw(`vacuum analyze analytics.??`, [table]);
      rollupVacuumSeconds = (Date.now() - vacuuming) / 1000;
    }
    const [facts] = await rowsOf<{ rows: string; clicks: string; paths: string; from: Date; to: Date }>(
      db,
      `select count(*) as rows, count(*) filter (where event_type = 'affiliate_click') as clicks,
         count(distinct path) as paths, min("timestamp") as from, max("timestamp") as to from analytics.events`,
    );
    if (env.BENCH_REPORT_KEEP_GEN !== "1") await db.raw("drop schema if exists bench_gen cascade");
    return {
      rows: Number(facts!.rows),
      clicks: Number(facts!.clicks),
      seconds,
      insertSeconds: inserted,
      indexSeconds,
      indexes: keepIndexes ? 0 : indexes.count,
      rowsPerSecond: Number(facts!.rows) / seconds,
      analyzeSeconds,
      rollupSeconds,
      rollupVacuumSeconds,
      rollupDays,
      distinctPaths: Number(facts!.paths),
      from: facts!.from.toISOString().slice(0, 10),
      to: facts!.to.toISOString().slice(0, 10),
    };
  } finally {
    await closeDb(db);
  }
}

/** The admin's session cookie, signed in through the gateway as the site's login form does. */
export async function adminCookie(gateway: string, admin: { email: string; password: string }) {
  const origin = new URL(gateway).origin;
  const login = await fetch(`${gateway}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`reports bench: admin login failed (${login.status})`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const dayIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The dashboard's ranges: 30 days and 12 months ending today, as report-view.ts computes them. */
export const ranges = (today: string) => ({
  "30 days": { from: daysBefore(today, 29), to: today },
  "12 months": { from: daysBefore(today, 364), to: today },
});

interface Timing {
  p50: number;
  p95: number;
  n: number;
  failures: number;
  status?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * One request shape, one request at a time as the owner's browser sends them: a warm-up, then up to
 * `runs` timed requests (fewer when the shape has taken `shapeSeconds`, but at least 3, or 1 when the
 * warm-up alone took longer than that).
 */
async function timeShape(urls: string[], cookie: string): Promise<Timing> {
  /** Every request of the shape at once (the dashboard's ten), until the last answer is in. */
  const once = async () => {
    const started = performance.now();
    const statuses = await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(url, { headers: { cookie } });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    return { ms: performance.now() - started, status: statuses.find((status) => status !== 200) ?? 200 };
  };
  const budget = reportSettings.shapeSeconds * 1000;
  const warm = await once();
  // A shape slower than the whole budget is timed once more (its figure is seconds, not a percentile).
  const least = warm.ms > budget ? 1 : 3;
  const times: number[] = [];
  let failures = 0;
  let status: number | undefined;
  const started = Date.now();
  while (times.length < reportSettings.runs && (times.length < least || Date.now() - started < budget)) {
    const r = await once();
    times.push(r.ms);
    if (r.status !== 200) {
      failures++;
      status = r.status;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, failures, status };
}

/**
 * The key with the most views in a breakdown (of events with a value for it: "(none)", the page views
 * of pages without a product, comes first for products), within the filters: the filtered shapes' filters.
 */
async function topKey(
  gateway: string,
  cookie: string,
  range: { from: string; to: string },
  breakdown: Breakdown,
  filters = "",
) {
  const response = await fetch(
    `${gateway}/api/analytics/report?from=${range.from}&to=${range.to}&breakdown=${breakdown}&limit=3${filters}`,
    { headers: { cookie } },
  );
  const report = (await response.json()) as { rows: Array<{ key: string }> };
  return report.rows.find((row) => row.key !== "(none)")?.key ?? "none";
}

/** Every breakdown for the last 30 days and the last 12 months, and source filtered by a product. */
export async function measureReportRequests(
  gateway: string,
  admin: { email: string; password: string },
  timeZone: string,
  log: (message: string) => void = console.log,
) {
  const cookie = await adminCookie(gateway, admin);
  const spans = ranges(dayIn(timeZone, new Date()));
  const url = (range: { from: string; to: string }, breakdown: Breakdown, extra = "") =>
    `${gateway}/api/analytics/report?from=${range.from}&to=${range.to}&breakdown=${breakdown}&limit=10${extra}`;
  const rows: Row[] = [];
  const line = (timings: Array<[string, Timing]>) =>
    timings
      .map(
        ([label, t]) =>
          `${label}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)}${t.failures ? ` (${t.failures} answered ${t.status})` : ""}`,
      )
      .join("; ");
  /** A shape's row: held to the request goal, or (`stated`) a time to state; `each` names what was timed n times. */
  const row = (scenario: string, timings: Array<[string, Timing]>, stated = false, each = "requests") => {
    const n = Math.min(...timings.map(([, t]) => t.n));
    const ok = timings.every(([, t]) => t.failures === 0);
    rows.push({
      scenario: `${scenario} (${n}${n < reportSettings.runs ? `–${reportSettings.runs}` : ""} ${each} each)`,
      figure: line(timings),
      ceiling: "—",
      ratio: null,
      goal: stated ? "the time, stated" : `p95 ≤ ${REQUEST_GOAL_MS} ms`,
      met: stated ? (ok ? null : false) : ok && timings.every(([, t]) => t.p95 <= REQUEST_GOAL_MS),
    });
    log(`${scenario}: ${line(timings)}`);
  };
  const timeSpans = async (urlsOf: (range: { from: string; to: string }) => string[]) => {
    const timings: Array<[string, Timing]> = [];
    for (const [label, range] of Object.entries(spans)) timings.push([label, await timeShape(urlsOf(range), cookie)]);
    return timings;
  };
  for (const breakdown of BREAKDOWNS)
    row(`GET /api/analytics/report, breakdown ${breakdown}`, await timeSpans((range) => [url(range, breakdown)]));
  const product = await topKey(gateway, cookie, spans["12 months"], "product");
  const byProduct = `&product=${encodeURIComponent(product)}`;
  const market = await topKey(gateway, cookie, spans["12 months"], "market", byProduct);
  const byBoth = `${byProduct}&market=${encodeURIComponent(market)}`;
  row(
    "GET /api/analytics/report, source filtered by the top product",
    await timeSpans((range) => [url(range, "source", byProduct)]),
  );
  // What the roll-ups do not hold is read from the raw events: pages within a filter, and two filters.
  row(
    "GET /api/analytics/report, page filtered by the top product (raw events)",
    await timeSpans((range) => [url(range, "page", byProduct)]),
    true,
  );
  row(
    "GET /api/analytics/report, source filtered by the top product and its top market (raw events)",
    await timeSpans((range) => [url(range, "source", byBoth)]),
    true,
  );
  row(
    "the dashboard's ten reports at once, filtered by the top product and its top market (raw events), until the last answers",
    await timeSpans((range) => BREAKDOWNS.map((breakdown) => url(range, breakdown, byBoth))),
    true,
    "rounds",
  );
  return rows;
}

/**
 * The admin's analytics tab in Chromium, signed in: from navigation until the report's totals, its
 * chart and every breakdown's table show figures (a table's rows only exist once its data is in).
 * One warm-up, then the median of `tabRuns` navigations, for the range the tab opens with and for 12 months.
 */
export async function measureAdminTab(
  gateway: string,
  admin: { email: string; password: string },
  log: (message: string) => void = console.log,
) {
  const cookie = await adminCookie(gateway, admin);
  const [name, ...value] = cookie.split("=");
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const rows: Row[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: name!, value: value.join("="), url: gateway }]);
    const page = await context.newPage();
    const shown = async (address: string) => {
      const started = Date.now();
      await page.goto(`${gateway}${address}`);
      await page.waitForFunction(
        (breakdowns) =>
          Boolean(document.querySelector("[data-testid='report-chart']")) &&
          /\d/.test(document.querySelector("[data-testid='report-total-views']")?.textContent ?? "") &&
          breakdowns.every((b) => document.querySelector(`[data-testid='report-${b}'] [data-testid='report-row']`)),
        [...BREAKDOWNS],
        { timeout: 120_000, polling: "raf" },
      );
      return Date.now() - started;
    };
    for (const [label, address] of [
      ["as it opens (last 7 days)", "/admin"],
      ["last 12 months", "/admin?range=12mo"],
    ] as const) {
      await shown(address);
      const times: number[] = [];
      for (let i = 0; i < reportSettings.tabRuns; i++) times.push(await shown(address));
      const middle = median(times);
      rows.push({
        scenario: `admin analytics tab in Chromium, ${label}: until chart and tables show figures`,
        figure: `median ${ms(middle)} of ${times.length} (${times.map((t) => Math.round(t)).join(", ")} ms)`,
        ceiling: "—",
        ratio: null,
        goal: `≤ ${TAB_GOAL_MS / 1000} s`,
        met: middle <= TAB_GOAL_MS,
      });
      log(`admin tab ${label}: median ${Math.round(middle)} ms (${times.join(", ")})`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return rows;
}

/** The site's time zone as the analytics service reports it (the summary names it). */
async function siteTimeZone(gateway: string, cookie: string): Promise<string> {
  const response = await fetch(`${gateway}/api/analytics/summary`, { headers: { cookie } });
  if (!response.ok) return "UTC";
  return ((await response.json()) as { timeZone?: string }).timeZone ?? "UTC";
}

/** Everything above against one topology: the rows for make bench's table and lines for its notes. */
export async function measureReports(
  gateway: string,
  databaseUrl: string,
  admin: { email: string; password: string },
  log: (message: string) => void = console.log,
): Promise<{ rows: Row[]; notes: string[] }> {
  const rows: Row[] = [];
  const timeZone = await siteTimeZone(gateway, await adminCookie(gateway, admin));
  let seeded: Seeded | undefined;
  if (reportSettings.seed) {
    log(
      `generating ${reportSettings.events.toLocaleString("en-US")} events (${reportSettings.clicks.toLocaleString("en-US")} clicks) over ${reportSettings.days} days`,
    );
    seeded = await seedReportEvents(databaseUrl, { timeZone, log });
    rows.push({
      scenario: `generate ${seeded.rows.toLocaleString("en-US")} events (${seeded.clicks.toLocaleString("en-US")} clicks) in PostgreSQL`,
      figure: `${rate(seeded.rowsPerSecond, "rows/s")}: ${seeded.seconds.toFixed(0)} s (inserts ${seeded.insertSeconds.toFixed(0)} s, then ${seeded.indexes} indexes ${seeded.indexSeconds.toFixed(0)} s); VACUUM ANALYZE ${seeded.analyzeSeconds.toFixed(0)} s`,
      ceiling: "—",
      ratio: null,
      goal: "the time, stated",
      met: null,
    });
    if (seeded.rollupSeconds !== null)
      rows.push({
        scenario: `build the roll-ups (hourly, daily, monthly, pairs) of the ${seeded.rollupDays} generated days`,
        figure: `${seeded.rollupSeconds.toFixed(0)} s (${(seeded.rollupSeconds / Math.max(1, seeded.rollupDays)).toFixed(2)} s a day); VACUUM ANALYZE ${seeded.rollupVacuumSeconds.toFixed(0)} s`,
        ceiling: "—",
        ratio: null,
        goal: "the time, stated",
        met: null,
      });
    log(
      `seeded in ${seeded.seconds.toFixed(1)} s (inserts ${seeded.insertSeconds.toFixed(1)} s, ${seeded.indexes} indexes ${seeded.indexSeconds.toFixed(1)} s), analyzed in ${seeded.analyzeSeconds.toFixed(1)} s`,
    );
  }
  rows.push(...(await measureReportRequests(gateway, admin, timeZone, log)));
  rows.push(...(await measureAdminTab(gateway, admin, log)));
  const notes = [
    "",
    `Reports: analytics.events is emptied and filled by infra/bench/reports.ts straight in PostgreSQL (server-side \`INSERT … SELECT … FROM generate_series\`, chunks of about ${reportSettings.chunk.toLocaleString("en-US")} rows)` +
      (seeded
        ? ` with ${seeded.rows.toLocaleString("en-US")} events, ${seeded.clicks.toLocaleString("en-US")} of them affiliate clicks, from ${seeded.from} to ${seeded.to} (${seeded.distinctPaths.toLocaleString("en-US")} distinct pages)`
        : "") +
      ": each hour's share follows a daily rhythm in the site's time zone (late morning and evening peaks), a weekly one (quiet Saturdays, busy Mondays), 2.5-fold growth over the span and ±15 % noise; pages, products (the catalogue's 50), retailers (8), markets (20), sources (20, a quarter of them tagged with utm campaigns) and placements are drawn by Zipf's law; a visitor hash repeats about four times a day and keeps its market, language, device, browser and source for the day; clicks carry productName/productSlug, retailer, offer and placement and take their visit's page and source, as the worker stores them. Each report row is one request at a time through the gateway as the signed-in admin, `limit=10` as the dashboard's tables ask, a warm-up then up to " +
      `${reportSettings.runs} requests per shape (a shape stops after ${reportSettings.shapeSeconds} s, with at least 3, or 1 when the warm-up alone took longer). The tab rows are Chromium (headless) navigating to /admin until the totals, the chart's canvas and a row in each of the ten tables are on the page, one warm-up then the median of ${reportSettings.tabRuns}.`,
  ];
  return { rows, notes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const gateway = env.GATEWAY_URL;
  const databaseUrl = env.DATABASE_URL;
  if (!gateway || !databaseUrl)
    throw new Error("GATEWAY_URL and DATABASE_URL: source a topology's env file (.tmp/topology.env) first");
  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : benchAdmin;
  const started = Date.now();
  const { rows, notes } = await measureReports(gateway, databaseUrl, admin, (message) =>
    console.log(`[reports ${Math.round((Date.now() - started) / 1000)}s] ${message}`),
  );
  printTable(rows);
  console.log(notes.join("\n"));
  process.exit(0);
}
