// The SSR worker's code: a long-lived node process runs the loop of
// internal/render/worker.mjs, loads this bundle ({"reload": URL}) and
// hands it {"id", "init"} once, then {"id", "render"} per page; watch mode
// loads a new bundle into the same process. The Go side (internal/render)
// restarts a worker when it dies. The page shell is static markup; every
// island is rendered on its own with renderToString and its own id prefix
// (components/islandId.ts), then spliced in (see components/Island.tsx).
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createElement } from "react";
import { IslandCollector, type IslandCall } from "../components/Island";
import { IslandIds } from "../components/islandId";
import { islands } from "../components/islands/registry";
import { I18nProvider, makeI18n, type Bundle } from "../components/i18n";
import { templates } from "./registry";
import type { RenderRequest } from "../components/generated/pagedata";
import { PresetEditor } from "../components/creator/PresetEditor";
import { providePresetEditor } from "../components/creator/presetEditorChunk";

// The browser fetches the preset designer when the shopper comes to it;
// every page the server renders has it (components/creator/presetEditorChunk.tsx).
providePresetEditor(PresetEditor);

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
}

let init: Init | null = null;

/**
 * Islands rendered before, by their place on the page and everything the
 * call says: the same call renders the same markup, and the layout's
 * islands (the basket badge, the cookie banner, the toasts) are the same
 * on every page of a locale. Emptied by each init (new island URLs).
 */
const islandMarkup = new Map<string, string>();
/** Bound the memory a worker keeps for islandMarkup. */
const ISLAND_MARKUP_MAX = 1000;
const ISLAND_PROPS_KEPT = 16_384;

function renderIsland(call: IslandCall, index: number): string {
  if (!init) throw new Error("render before init");
  const props = JSON.stringify(call.props);
  // One page's own island (the creator's, with its whole catalogue) is not kept.
  const key =
    props.length <= ISLAND_PROPS_KEPT
      ? JSON.stringify([index, call.name, call.hydrate, !!call.companion, call.storageKey ?? "", !!call.holdLinks, props])
      : "";
  const known = key && islandMarkup.get(key);
  if (known) return known;
  const component = islands[call.name] as unknown as (p: object) => React.ReactNode;
  const url = init.islands[call.name];
  if (!component || !url) throw new Error(`unknown island ${call.name}`);
  const prefix = `i${index}-`;
  // Ids from the island's own counter (components/islandId.ts), as the
  // browser's hydration counts them.
  const inner = renderToString(createElement(IslandIds.Provider, { value: { prefix, next: 0 } }, createElement(component, call.props)));
  const html = renderToStaticMarkup(
    createElement("saber-island", {
      "component-url": url,
      "renderer-url": init.renderer,
      hydrate: call.hydrate,
      companion: call.companion ? "" : undefined,
      "storage-key": call.storageKey,
      "hold-links": call.holdLinks ? "" : undefined,
      prefix,
      props,
      dangerouslySetInnerHTML: { __html: inner },
    }),
  );
  if (key) {
    if (islandMarkup.size >= ISLAND_MARKUP_MAX) islandMarkup.clear();
    islandMarkup.set(key, html);
  }
  return html;
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

/** Answers one request of this bundle's code. */
function handle(req: Request): object {
  if (req.init) {
    init = req.init;
    islandMarkup.clear();
    return { id: req.id, ok: true };
  }
  if (req.render) return { id: req.id, ...renderPage(req.render) };
  return { id: req.id, error: "empty request" };
}

// The worker's loop (internal/render/worker.mjs) sends every request but
// an import to the handler of the bundle it imported last: this one, now.
(globalThis as { saberHandle?: (req: Request) => object }).saberHandle = handle;
