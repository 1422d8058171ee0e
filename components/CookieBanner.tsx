// The cookie banner's markup (docs/product-rules.md#cookie-consent),
// server-rendered hidden on every page; components/consent.ts (run by the
// site-wide script) shows it when storage says it is due, reopens it from
// the "Cookie settings" links and handles its buttons. No React in the
// browser: the banner is on every first visit, and React's runtime is the
// page's one big download.
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

/** What consent.ts reads from the host's props attribute. */
export interface ConsentProps {
  /** site.tag_manager_id; empty: the tag manager is never loaded. */
  tagManagerId: string;
  /** site.consent_version: a stored choice for another version asks again. */
  version: string;
  /** site.consent_months: how long a choice (Accept or Decline) is kept. */
  months: number;
}

export interface CookieBannerProps extends ConsentProps {
  /** The privacy page in the page's locale. */
  privacyHref: string;
  label: string;
  text: string;
  accept: string;
  decline: string;
  learnMore: string;
  /** Shown when the banner is reopened: the choice in force. */
  currentAccepted: string;
  currentDeclined: string;
}

export function CookieBanner(p: CookieBannerProps) {
  const props: ConsentProps = { tagManagerId: p.tagManagerId, version: p.version, months: p.months };
  return (
    <saber-consent props={JSON.stringify(props)}>
      {/* tabIndex: a reopened banner takes the focus, so its text is read first. */}
      <div className="cookie-banner" role="region" aria-label={p.label} tabIndex={-1} hidden>
        <div className="container cookie-banner__inner">
          <div className="cookie-banner__body">
            <p className="cookie-banner__text">
              {p.text}{" "}
              <a className="cookie-banner__more" href={p.privacyHref} data-consent="hide">
                {p.learnMore}
              </a>
            </p>
            <p className="cookie-banner__status" data-consent-status="accepted" hidden>
              {p.currentAccepted}
            </p>
            <p className="cookie-banner__status" data-consent-status="declined" hidden>
              {p.currentDeclined}
            </p>
          </div>
          <div className="cookie-banner__actions">
            <button type="button" className="btn btn--ghost cookie-banner__btn" data-consent="decline">
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

/**
 * The "Cookie settings" link: consent.ts makes it reopen the banner. Without
 * JavaScript it leads to the privacy page (nothing is tracked then anyway).
 */
export function CookieSettingsLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} data-consent="open">
      {label}
    </a>
  );
}
