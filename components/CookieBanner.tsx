// The cookie banner's markup (docs/product-rules.md#cookie-consent),
// server-rendered hidden on every page; components/consent.ts (run by the
// site-wide script) shows it when storage says it is due and handles its
// buttons. No React in the browser: the banner is on every first visit, and
// React's runtime is the page's one big download.
import type { HTMLAttributes } from "react";

// The tag manager id travels in a "props" attribute of JSON, as island props
// do: the daemon's CSP scan (internal/static) looks for "tagManagerId" there
// to allow the tag manager's origin only for a site that has one.
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "saber-consent": HTMLAttributes<HTMLElement> & { props: string };
    }
  }
}

export interface CookieBannerProps {
  /** site.tag_manager_id; empty: the tag manager is never loaded. */
  tagManagerId: string;
  /** The privacy page in the page's locale. */
  privacyHref: string;
  label: string;
  text: string;
  accept: string;
  decline: string;
  learnMore: string;
}

export function CookieBanner(p: CookieBannerProps) {
  return (
    <saber-consent props={JSON.stringify({ tagManagerId: p.tagManagerId })}>
      <div className="cookie-banner" role="region" aria-label={p.label} hidden>
        <div className="container cookie-banner__inner">
          <p className="cookie-banner__text">
            {p.text}{" "}
            <a className="cookie-banner__more" href={p.privacyHref} data-consent="hide">
              {p.learnMore}
            </a>
          </p>
          <div className="cookie-banner__actions">
            <button type="button" className="btn btn--ghost cookie-banner__btn" data-consent="hide">
              {p.decline}
            </button>
            <button type="button" className="btn btn--primary cookie-banner__btn" data-consent="accept">
              {p.accept}
            </button>
          </div>
        </div>
      </div>
    </saber-consent>
  );
}
