import { useEffect, useRef, useState, type ReactNode } from "react";
import { call, type Me } from "./api";
import { pathOf, type Route } from "./routes";
import type { Translate } from "./i18n";

/** The places a phone's bottom bar holds (the rest is under "More"): what the owner opens most. */
const TABS = ["today", "orders", "messages", "documents"] as const;
/** The places under "More" on a phone, in the top bar's order. */
const REST = ["coupons", "subscribers", "activity", "passkeys", "account"] as const;
/** Every place, in the wide screen's top bar. */
const PLACES: readonly Route[] = ["today", "orders", "messages", "coupons", "subscribers", "documents", "activity", "passkeys", "account"];

/** Each place's name in the desk's texts. */
const LABEL: Partial<Record<Route, string>> = {
  today: "nav.today",
  orders: "nav.orders",
  messages: "messages.nav",
  coupons: "nav.coupons",
  subscribers: "nav.subscribers",
  documents: "documents.nav",
  activity: "nav.activity",
  passkeys: "passkeys.nav",
  account: "account.nav",
};

/** The bottom bar's icons: inline, drawn in the text's colour, hidden from screen readers (the label names the place). */
function Icon({ of }: { of: (typeof TABS)[number] | "more" }) {
  const paths = {
    // A sun: the day's work.
    today: (
      <>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </>
    ),
    // A parcel.
    orders: (
      <>
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
        <path d="M3 7.5 12 12l9-4.5M12 12v9" />
      </>
    ),
    // A speech bubble.
    messages: <path d="M4 5h16v11H9l-5 4z" />,
    // A page with lines.
    documents: (
      <>
        <path d="M6 3h8l4 4v14H6z" />
        <path d="M14 3v4h4M9 12h6M9 16h6" />
      </>
    ),
    // Three dots.
    more: (
      <>
        <circle cx="5" cy="12" r="1.5" />
        <circle cx="12" cy="12" r="1.5" />
        <circle cx="19" cy="12" r="1.5" />
      </>
    ),
  };
  return (
    <svg className="desk-tabs__icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {paths[of]}
    </svg>
  );
}

/**
 * The signed-in frame: the desk's name, its places, signing out. A wide
 * screen shows every place in the top bar and signing out at the foot; a
 * phone (up to 640 px, desk.css) a bar at the bottom, in the thumb's
 * reach, with the four places used most and "More" for the rest and
 * signing out.
 */
export function Shell({
  t,
  me,
  route,
  go,
  onSignedOut,
  children,
}: {
  t: Translate;
  me: Me;
  route: Route;
  go: (r: Route, orderID?: number) => void;
  onSignedOut: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [more, setMore] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const signOut = async (everywhere: boolean) => {
    setBusy(true);
    await call("POST", everywhere ? "signout-everywhere" : "signout");
    setBusy(false);
    onSignedOut();
  };
  const current = (r: Route) => route === r || (r === "orders" && route === "order");

  // "More" closes with Escape (focus back on its button), a tap beside it, or a place chosen.
  useEffect(() => {
    if (!more) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMore(false);
      moreButton.current?.focus();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [more]);
  useEffect(() => setMore(false), [route]);

  const link = (r: Route, className: string, icon?: ReactNode) => (
    <a
      key={r}
      href={pathOf[r]}
      className={`${className}${current(r) ? " is-current" : ""}`}
      aria-current={current(r) ? "page" : undefined}
      onClick={(e) => {
        e.preventDefault();
        setMore(false);
        go(r);
      }}
    >
      {icon}
      <span>{t(LABEL[r] ?? r)}</span>
    </a>
  );
  const signOutButtons = (className: string) => (
    <>
      <button className={className} type="button" disabled={busy} onClick={() => void signOut(false)}>
        {t("nav.signout")}
      </button>
      <button className={className} type="button" disabled={busy} onClick={() => void signOut(true)}>
        {t("nav.signout_everywhere")}
      </button>
    </>
  );
  const restCurrent = REST.some((r) => current(r));

  return (
    <div className="desk-frame">
      <header className="desk-bar">
        <span className="desk-bar__brand">
          <span className="desk-bar__blade" aria-hidden="true" />
          {t("title")}
        </span>
        <span className="desk-bar__who">{me.name}</span>
      </header>
      <nav className="desk-nav" aria-label={t("nav.menu")}>
        {PLACES.map((r) => link(r, "desk-nav__link"))}
      </nav>
      {/* The phone's bar comes before the page, as the wide bar does: the same order for the keyboard and screen
          readers. The sheet follows "More", so Tab goes from the button into it (desk.css draws it above the bar). */}
      <nav className="desk-tabs" aria-label={t("nav.menu")}>
        {more && <div className="desk-drawer__backdrop" aria-hidden="true" onClick={() => setMore(false)} />}
        <div className="desk-tabs__bar">
          {TABS.map((r) => link(r, "desk-tabs__link", <Icon of={r} />))}
          <button
            ref={moreButton}
            type="button"
            className={`desk-tabs__link${restCurrent || more ? " is-current" : ""}`}
            aria-expanded={more}
            aria-controls="desk-more"
            onClick={() => setMore((m) => !m)}
          >
            <Icon of="more" />
            <span>{t("nav.more")}</span>
          </button>
        </div>
        <div id="desk-more" className="desk-drawer" hidden={!more}>
          <ul className="desk-drawer__list">
            {REST.map((r) => (
              <li key={r}>{link(r, "desk-drawer__item")}</li>
            ))}
          </ul>
          <div className="desk-drawer__foot">
            {signOutButtons("btn btn--ghost desk-drawer__button")}
            <a className="desk-drawer__shop" href="/">
              {t("shop_link")}
            </a>
          </div>
        </div>
      </nav>
      <main className="desk-main" id="main">
        {children}
      </main>
      <footer className="desk-foot">
        {signOutButtons("btn btn--ghost btn--sm")}
        <a className="desk-foot__shop" href="/">
          {t("shop_link")}
        </a>
      </footer>
    </div>
  );
}
