// Helpers for the cookie consent's browser tests (e2e/consent.spec.ts,
// e2e/site-ui.spec.ts): the data layer's consent commands, and pages served
// as if the site had a tag manager container, its requests answered here.
import { expect, type Page } from "@playwright/test";

/** The consent commands in window.dataLayer, as plain arrays. */
export async function consentCommands(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((e) => (e as IArguments)[0] === "consent")
      .map((e) => Array.from(e as IArguments)),
  );
}

export const DENIED = { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
export const GRANTED = { ad_storage: "granted", analytics_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };

/** Serves every page with the cookie banner's tagManagerId prop set to id. */
export async function withTagManagerId(page: Page, id: string): Promise<string[]> {
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    // The browser resolves *.localhost to the loopback, Node does not.
    const url = new URL(route.request().url());
    if (url.hostname.endsWith(".localhost")) url.hostname = "127.0.0.1";
    const response = await route.fetch({ url: url.href });
    const html = await response.text();
    const body = html.replace(/(<saber-consent props="[^"]*&quot;tagManagerId&quot;:&quot;)(&quot;)/, `$1${id}$2`);
    expect(body, "the cookie banner carries a tagManagerId prop").not.toBe(html);
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    // The daemon allows the tag manager's origin in its CSP only for a site
    // built with an id (internal/static: TestCSPTagManagerOnlyWhenConfigured);
    // this page was built without one, so grant it here the same way.
    const gtmOrigins = "https://www.googletagmanager.com https://*.google-analytics.com";
    headers["content-security-policy"] = (headers["content-security-policy"] ?? "").replace(
      /(script-src|connect-src|img-src) ([^;]*)/g,
      `$1 $2 ${gtmOrigins}`,
    );
    await route.fulfill({ response, body, headers });
  });
  const gtm: string[] = [];
  await page.route("https://www.googletagmanager.com/**", async (route) => {
    gtm.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "application/javascript", body: "" });
  });
  return gtm;
}
