import { useState, type ReactNode } from "react";
import { call, type Me } from "./api";
import { pathOf, type Route } from "./routes";
import type { Translate } from "./i18n";

/** The signed-in frame: the desk's name, its pages, signing out. */
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
  const signOut = async (everywhere: boolean) => {
    setBusy(true);
    await call("POST", everywhere ? "signout-everywhere" : "signout");
    setBusy(false);
    onSignedOut();
  };
  const current = (r: Route) => route === r || (r === "orders" && route === "order");
  const link = (r: Route, label: string) => (
    <a
      href={pathOf[r]}
      className={`desk-nav__link${current(r) ? " is-current" : ""}`}
      aria-current={current(r) ? "page" : undefined}
      onClick={(e) => {
        e.preventDefault();
        go(r);
      }}
    >
      {label}
    </a>
  );
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
        {link("today", t("nav.today"))}
        {link("orders", t("nav.orders"))}
        {link("messages", t("messages.nav"))}
        {link("coupons", t("nav.coupons"))}
        {link("subscribers", t("nav.subscribers"))}
        {link("documents", t("documents.nav"))}
        {link("activity", t("nav.activity"))}
        {link("passkeys", t("passkeys.nav"))}
        {link("account", t("account.nav"))}
      </nav>
      <main className="desk-main" id="main">
        {children}
      </main>
      <footer className="desk-foot">
        <button className="btn btn--ghost btn--sm" type="button" disabled={busy} onClick={() => void signOut(false)}>
          {t("nav.signout")}
        </button>
        <button className="btn btn--ghost btn--sm" type="button" disabled={busy} onClick={() => void signOut(true)}>
          {t("nav.signout_everywhere")}
        </button>
        <a className="desk-foot__shop" href="/">
          {t("shop_link")}
        </a>
      </footer>
    </div>
  );
}
