// The SSR worker: a long-lived node process fed JSON lines on stdin
// ({"id", "init"} once, then {"id", "render"} per page; {"id", "reload"}
// swaps in a new bundle in watch mode) and answering one JSON
// line per request on stdout with the same id. The Go side (internal/render)
// restarts it when it dies. The page shell is static markup; every island is
// rendered on its own with renderToString and its own identifierPrefix, then
// spliced in (see components/Island.tsx for why).
import { createInterface } from "node:readline";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createElement } from "react";
import { IslandCollector, type IslandCall } from "../components/Island";
import { islands } from "../components/islands/registry";
import { I18nProvider, makeI18n, type Bundle } from "../components/i18n";
import { templates } from "./registry";
import type { RenderRequest } from "../components/generated/pagedata";

interface Init {
  bundles: Record<string, Bundle>;
  /** Island name -> hashed client entry URL. */
  islands: Record<string, string>;
  renderer: string;
}

interface Request {
  id: number;
  init?: Init;
  render?: RenderRequest;
  /** file: URL of a new server bundle to take over (watch mode). */
  reload?: string;
}

let init: Init | null = null;

function renderIsland(call: IslandCall, index: number): string {
  if (!init) throw new Error("render before init");
  const component = islands[call.name] as unknown as (p: object) => React.ReactNode;
  const url = init.islands[call.name];
  if (!component || !url) throw new Error(`unknown island ${call.name}`);
  const prefix = `i${index}-`;
  const inner = renderToString(createElement(component, call.props), { identifierPrefix: prefix });
  return renderToStaticMarkup(
    createElement("saber-island", {
      "component-url": url,
      "renderer-url": init.renderer,
      hydrate: call.hydrate,
      companion: call.companion ? "" : undefined,
      "storage-key": call.storageKey,
      "hold-links": call.holdLinks ? "" : undefined,
      prefix,
      props: JSON.stringify(call.props),
      dangerouslySetInnerHTML: { __html: inner },
    }),
  );
}

export function renderPage(req: RenderRequest): { html: string; islands: string[]; eager: string[] } {
  if (!init) throw new Error("render before init");
  const Template = templates[req.data.template];
  if (!Template) throw new Error(`unknown template ${req.data.template}`);
  const bundle = init.bundles[req.site.locale];
  if (!bundle) throw new Error(`no i18n bundle for ${req.site.locale}`);
  const calls: IslandCall[] = [];
  const shell = renderToStaticMarkup(
    createElement(
      IslandCollector.Provider,
      { value: calls },
      createElement(I18nProvider, { value: makeI18n(req.site.locale, bundle) }, createElement(Template, req)),
    ),
  );
  // A replacer function, not a string: "$" in content must stay literal.
  const html = shell.replace(/<template data-island-slot="(\d+)"><\/template>/g, (_, n: string) =>
    renderIsland(calls[Number(n)]!, Number(n)),
  );
  // Islands hydrated on load are worth a modulepreload; idle and visible
  // ones must not cost the page anything before then.
  const eager = calls.filter((c) => c.hydrate === "load").map((c) => c.name);
  return { html, islands: [...new Set(calls.map((c) => c.name))], eager: [...new Set(eager)] };
}

function answer(msg: object): void {
  process.stdout.write(JSON.stringify(msg) + "\n");
}

/** Answers one request of this bundle's code. */
function handle(req: Request): object {
  if (req.init) {
    init = req.init;
    return { id: req.id, ok: true };
  }
  if (req.render) return { id: req.id, ...renderPage(req.render) };
  return { id: req.id, error: "empty request" };
}

// Watch mode swaps the code without a new process: {"reload": URL} imports
// a new server bundle, whose module sets itself as the handler here, and
// the next {"init"} is its own. Only the first bundle a process loads
// reads stdin; V8 and node stay warm (no start-up of about 100 ms).
const worker = globalThis as { saberHandle?: (req: Request) => object };
const first = worker.saberHandle === undefined;
worker.saberHandle = handle;

if (first) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  // One request at a time: a reload finishes before the next line is read.
  let queue = Promise.resolve();
  lines.on("line", (line) => {
    queue = queue.then(() => serve(line));
  });
  // react-dom/server keeps no handles open, but be explicit: stdin closed = done.
  lines.on("close", () => void queue.then(() => process.exit(0)));
}

async function serve(line: string): Promise<void> {
  let req: Request;
  try {
    req = JSON.parse(line) as Request;
  } catch (err) {
    answer({ id: -1, error: `bad request line: ${String(err)}` });
    return;
  }
  try {
    if (req.reload) {
      await import(req.reload);
      answer({ id: req.id, ok: true });
      return;
    }
    answer(worker.saberHandle!(req));
  } catch (err) {
    const e = err as Error;
    answer({ id: req.id, error: e.stack ?? String(e) });
  }
}
