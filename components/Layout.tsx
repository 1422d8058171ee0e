// The frame of every page: skip link, header (logo, menu, language switcher,
// cart badge), breadcrumbs, fallback notice, <main>, footer. The Go build
// writes <head>; this renders what goes inside <body>.
import type { ReactNode } from "react";
import type { RenderRequest } from "./generated/pagedata";
import { CART_KEY } from "./cart/store";
import { CookieBanner, CookieSettingsLink } from "./CookieBanner";
import { PageHeader, Prose } from "./blocks";
import { Island } from "./Island";
import { useI18n } from "./i18n";
import { legalHref } from "./page";
import { notifyMeProps } from "./OrdersPaused";

export interface LayoutProps {
  req: RenderRequest;
  children: ReactNode;
  /**
   * Product pages: the footer is hidden below 768 px
   * (docs/product-rules.md#layout).
   */
  hideFooterOnSmall?: boolean;
}

/**
 * A page the visitor works in through one island (the basket, an order's
 * status): the layout, the page's heading and its own text, then the
 * island (children); before is what goes above the text.
 */
export function AppPage({ req, before, children }: { req: RenderRequest; before?: ReactNode; children: ReactNode }) {
  return (
    <Layout req={req}>
      <PageHeader page={req.page} />
      <div className="container section">
        {before}
        <Prose page={req.page} className="container--text" />
        {children}
      </div>
    </Layout>
  );
}

export function Layout({ req, children, hideFooterOnSmall }: LayoutProps) {
  const { page } = req;
  const { t } = useI18n();
  const classes = ["layout", `layout--${req.data.template}`];
  if (hideFooterOnSmall) classes.push("layout--no-footer-sm");
  return (
    <div className={classes.join(" ")}>
      <SkipLink />
      <Header req={req} cookieSettingsInMenu={hideFooterOnSmall} />
      <CookieBanner
        tagManagerId={req.site.tag_manager_id ?? ""}
        version={req.site.consent_version}
        months={req.site.consent_months}
        privacyHref={legalHref(req, "privacy")}
        label={t("cookie_consent.label")}
        text={t("cookie_consent.text")}
        accept={t("cookie_consent.accept")}
        decline={t("cookie_consent.decline")}
        learnMore={t("cookie_consent.learn_more")}
        currentAccepted={t("cookie_settings.current_accepted")}
        currentDeclined={t("cookie_settings.current_declined")}
      />
      <main id="main" tabIndex={-1}>
        {page.breadcrumbs.length > 1 && <Breadcrumbs req={req} />}
        {page.fallback && <FallbackNotice />}
        {children}
      </main>
      <Footer req={req} />
      {/* Only other islands raise toasts: this one comes along with them. */}
      <Island name="Toasts" hydrate="idle" companion props={{ label: t("toasts.label") }} />
    </div>
  );
}

function SkipLink() {
  const { t } = useI18n();
  return (
    <a className="skip-link" href="#main">
      {t("a11y.skip_to_content")}
    </a>
  );
}

/**
 * cookieSettingsInMenu: the page hides its footer on phones, so the phone
 * menu carries the "Cookie settings" link (it must be on every page).
 */
function Header({ req, cookieSettingsInMenu }: { req: RenderRequest; cookieSettingsInMenu?: boolean }) {
  const { site } = req;
  const { t, message } = useI18n();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="brand" href={site.home} aria-current={req.data.template === "home" ? "page" : undefined}>
          <BrandMark />
          <span className="brand__name">{site.name}</span>
        </a>
        {/* The menu is rendered twice: a bar from 768 px and a <details>
            disclosure below (works without JavaScript). CSS shows one. */}
        <nav className="site-nav" aria-label={t("nav.main")}>
          <MenuList req={req} className="menu menu--bar" />
          <details className="menu-toggle">
            <summary className="menu-toggle__button">
              <span className="menu-toggle__icon" aria-hidden="true" />
              <span className="menu-toggle__label">{t("nav.menu")}</span>
            </summary>
            <div className="menu-toggle__panel">
              <MenuList req={req} className="menu menu--drawer" />
              <LanguageSwitcher req={req} className="lang-switch lang-switch--drawer" />
              {cookieSettingsInMenu && (
                <p className="menu-toggle__extra">
                  <CookieSettingsLink href={legalHref(req, "privacy")} label={t("cookie_settings.link")} />
                </p>
              )}
            </div>
          </details>
        </nav>
        <div className="site-header__tools">
          <LanguageSwitcher req={req} className="lang-switch lang-switch--bar" />
          {/* Server-rendered without a count: React comes for it only when the
              stored cart has items, another tab fills it, or another island
              (which may add to the cart) hydrates. */}
          <Island
            name="CartBadge"
            hydrate="idle"
            companion
            storageKey={CART_KEY}
            props={{
              href: site.basket_href,
              label: t("cart.basket"),
              countLabel: message("cart.count") as object,
              locale: site.locale,
            }}
          />
        </div>
      </div>
    </header>
  );
}

/**
 * The shop's mark, the favicon's drawing (content/static/favicon.svg)
 * inline: an <img> of an SVG makes the browser build a second document on
 * every page's first paint (about 15 ms of main thread on a 2-core VM,
 * four times that in Lighthouse's mobile profile) for 36 pixels.
 */
function BrandMark() {
  return (
    <svg className="brand__logo" aria-hidden="true" viewBox="0 0 64 64" width="36" height="36">
      <rect width="64" height="64" rx="14" fill="#b21826" />
      <path d="M20 44L50 14" stroke="#ff9aa3" strokeWidth="9" strokeLinecap="round" opacity=".6" />
      <path d="M20 44L50 14" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path d="M10 54l12-12" stroke="#1b1c1f" strokeWidth="9" strokeLinecap="round" />
      <path d="M13 51l6-6" stroke="#c9ccd1" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function MenuList({ req, className }: { req: RenderRequest; className: string }) {
  const { t } = useI18n();
  return (
    <ul className={className}>
      {req.site.menu.map((item) => (
        <li key={item.key}>
          <a href={item.href} aria-current={item.active ? "page" : undefined}>
            {t(`menu.${item.key}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Links to this page in the other locales. Rendered twice (header bar from
 * 576 px, menu drawer below); CSS shows exactly one, so the other is out of
 * the accessibility tree.
 */
function LanguageSwitcher({ req, className }: { req: RenderRequest; className: string }) {
  const { t } = useI18n();
  return (
    <nav className={className} aria-label={t("nav.language")}>
      <ul>
        {req.site.locales.map((l) => (
          <li key={l.code}>
            <a
              href={l.href}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.current ? "true" : undefined}
              title={l.name}
              data-locale-prefix={l.prefix}
            >
              <span aria-hidden="true">{l.code.toUpperCase()}</span>
              <span className="visually-hidden">{l.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Breadcrumbs({ req }: { req: RenderRequest }) {
  const { t } = useI18n();
  const crumbs = req.page.breadcrumbs;
  return (
    <nav className="breadcrumbs container" aria-label={t("nav.breadcrumbs")}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.href}>
            <a href={c.href} aria-current={i === crumbs.length - 1 ? "page" : undefined}>
              {c.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function FallbackNotice() {
  const { t } = useI18n();
  return (
    <div className="container">
      <p className="notice notice--info" role="note">
        {t("page.fallback_notice")}
      </p>
    </div>
  );
}

function Footer({ req }: { req: RenderRequest }) {
  const { site } = req;
  const { t } = useI18n();
  const c = site.company;
  return (
    <footer className="site-footer">
      {req.data.template === "home" && site.social.length > 0 && (
        <section className="community" aria-labelledby="community-title">
          <div className="container community__inner">
            <div>
              <h2 id="community-title" className="community__title">
                {t("footer.community_title")}
              </h2>
              <p className="community__text">{t("footer.community_text")}</p>
            </div>
            <ul className="social">
              {site.social.map((s) => (
                <li key={s.href}>
                  <a className="social__link" href={s.href} rel="me noopener">
                    <SocialIcon name={s.name} />
                    <span>{socialName(s.name)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      <div className="container site-footer__grid">
        <section className="site-footer__notify" aria-labelledby="notify-title">
          <h2 id="notify-title" className="site-footer__heading">
            {t("notify.title")}
          </h2>
          <p className="site-footer__text">{t("notify.text")}</p>
          {/* Server-rendered as a plain <form action="/v1/subscribers" method="post">: works without JavaScript. */}
          <Island
            name="NotifyMe"
            hydrate="visible"
            props={{ ...notifyMeProps(site.locale, t) }}
          />
        </section>
        <nav className="site-footer__links" aria-label={t("footer.info_title")}>
          <h2 className="site-footer__heading">{t("footer.info_title")}</h2>
          <ul>
            <li>
              <a href={site.contact_href}>{t("footer.contact")}</a>
            </li>
            <li>
              <a href={legalHref(req, "terms")}>{t("footer.terms")}</a>
            </li>
            <li>
              <a href={legalHref(req, "privacy")}>{t("footer.privacy")}</a>
            </li>
            <li>
              <CookieSettingsLink href={legalHref(req, "privacy")} label={t("cookie_settings.link")} />
            </li>
          </ul>
        </nav>
        {site.country_sites.length > 0 && (
          <nav className="site-footer__links" aria-label={t("footer.country_sites")}>
            <h2 className="site-footer__heading">{t("footer.country_sites")}</h2>
            <ul>
              {site.country_sites.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p className="site-footer__tagline">{t("site.tagline")}</p>
          <p className="site-footer__company">
            © {c.name} · {c.street}, {c.zip} {c.city}, {c.country} · {t("contact.tax_id")} {c.tax_id}
          </p>
          <p className="site-footer__disclaimer">{t("footer.fan_disclaimer")}</p>
        </div>
      </div>
    </footer>
  );
}

/** Proper display name of a social network from its config key. */
function socialName(name: string): string {
  const known: Record<string, string> = { facebook: "Facebook", instagram: "Instagram", youtube: "YouTube" };
  return known[name.toLowerCase()] ?? name;
}

function SocialIcon({ name }: { name: string }) {
  const paths: Record<string, string> = {
    facebook: "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8Z",
    instagram:
      "M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.9-9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2ZM12 2.5c-2.6 0-2.9 0-3.9.1C4.7 2.7 2.7 4.7 2.6 8.1c-.1 1-.1 1.3-.1 3.9s0 2.9.1 3.9c.1 3.4 2.1 5.4 5.5 5.5 1 .1 1.3.1 3.9.1s2.9 0 3.9-.1c3.4-.1 5.4-2.1 5.5-5.5.1-1 .1-1.3.1-3.9s0-2.9-.1-3.9c-.1-3.4-2.1-5.4-5.5-5.5-1-.1-1.3-.1-3.9-.1Zm0 1.7c2.5 0 2.8 0 3.8.1 2.5.1 3.8 1.3 3.9 3.9.1 1 .1 1.3.1 3.8s0 2.8-.1 3.8c-.1 2.5-1.3 3.8-3.9 3.9-1 .1-1.3.1-3.8.1s-2.8 0-3.8-.1c-2.6-.1-3.8-1.4-3.9-3.9-.1-1-.1-1.3-.1-3.8s0-2.8.1-3.8c.1-2.6 1.3-3.8 3.9-3.9 1-.1 1.3-.1 3.8-.1Z",
    youtube:
      "M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.7 15V9l5.8 3-5.8 3Z",
  };
  const d = paths[name.toLowerCase()];
  if (!d) return null;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <path fill="currentColor" d={d} />
    </svg>
  );
}
