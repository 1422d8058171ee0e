/// <reference lib="webworker" />
// The service worker at /sw.js (scope /), built with Workbox: the hashed
// assets and one offline page per locale are precached; pages are served
// stale-while-revalidate; nothing under /v1 is ever cached (orders, prices
// and payments must always come from the daemon). The build replaces
// SABER_PRECACHE_MANIFEST with the list of files and their revisions.
import { matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { StaleWhileRevalidate } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";

declare const self: ServiceWorkerGlobalScope;
declare const SABER_PRECACHE_MANIFEST: Array<{ url: string; revision: string | null }>;
declare const SABER_LOCALE_PREFIXES: string[];

precacheAndRoute(SABER_PRECACHE_MANIFEST);

const isAPI = (url: URL) => url.pathname === "/v1" || url.pathname.startsWith("/v1/");

registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin && !isAPI(url),
  new StaleWhileRevalidate({ cacheName: "pages", plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

registerRoute(
  ({ request, url }) => url.origin === self.location.origin && !isAPI(url) && request.destination === "image",
  new StaleWhileRevalidate({ cacheName: "images", plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

// A page that is neither cached nor reachable: the offline page of its locale.
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate" || !url) return Response.error();
  const prefix = SABER_LOCALE_PREFIXES.find((p) => p !== "" && (url.pathname === p || url.pathname.startsWith(p + "/"))) ?? "";
  return (await matchPrecache(`${prefix}/offline`)) ?? Response.error();
});

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
