/**
 * `@keel/support-desk/routing`: the support catalog as a router reads it — names and descriptions only,
 * without building the tools (no zod, no store), for programs that route and should start fast (`keel
 * route`). Route it with `route` from `@keel/tools/route`; for the tools themselves, `@keel/support-desk/tools`.
 */
export { NAIVE_ROUTING_CATALOG, SUPPORT_ROUTING_CATALOG } from "./tools/routing-catalog.js";
