import { useCallback, useEffect, useState } from "react";
import { call, setToken, type Me } from "./api";
import { loadTexts, type Texts } from "./i18n";
import { Account } from "./pages/Account";
import { Activity } from "./pages/Activity";
import { Coupons } from "./pages/Coupons";
import { Documents } from "./pages/Documents";
import { Subscribers } from "./pages/Subscribers";
import { Order } from "./pages/Order";
import { BuildSheet } from "./pages/BuildSheet";
import { PackingSlip } from "./pages/PackingSlip";
import { Messages } from "./pages/Messages";
import { Orders, listQuery } from "./pages/Orders";
import { Passkeys } from "./pages/Passkeys";
import { Setup } from "./pages/Setup";
import { SignIn } from "./pages/SignIn";
import { Today } from "./pages/Today";
import { pathOf, pathTo, routeOf, type Route } from "./routes";
import { Shell } from "./Shell";

type Session = { kind: "loading" } | { kind: "out" } | { kind: "in"; me: Me } | { kind: "offline" };

export function App() {
  const [texts, setTexts] = useState<Texts | null>(null);
  const [{ route, id }, setPlace] = useState(() => routeOf(location.pathname));
  const [session, setSession] = useState<Session>({ kind: "loading" });

  const go = useCallback((r: Route, orderID = 0, query?: string) => {
    // The order list comes back with the filters it was left with (its URL
    // query), unless it is opened with its own (Today's figures).
    const path = r === "orders" ? pathOf.orders + (query === undefined ? listQuery() : query && "?" + query) : pathTo(r, orderID);
    if (location.pathname + location.search !== path) history.pushState(null, "", path);
    setPlace({ route: r, id: orderID });
    window.scrollTo(0, 0);
  }, []);

  const check = useCallback(async () => {
    setSession({ kind: "loading" });
    const [tx, me] = await Promise.all([loadTexts(), call<Me>("GET", "me")]);
    setTexts(tx);
    if (me.ok) {
      setToken(me.data);
      setSession({ kind: "in", me: me.data });
    } else if (me.status === 401) {
      setToken(null);
      setSession({ kind: "out" });
    } else {
      setSession({ kind: "offline" });
    }
  }, []);

  useEffect(() => {
    void check();
    const onPop = () => setPlace(routeOf(location.pathname));
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [check]);

  useEffect(() => {
    if (texts) {
      document.documentElement.lang = texts.locale;
      document.title = texts.t("title");
    }
  }, [texts]);

  const signedIn = (me: Me) => {
    setToken(me);
    setSession({ kind: "in", me });
    go("today");
  };
  const signedOut = () => {
    setToken(null);
    setSession({ kind: "out" });
    go("signin");
  };

  if (!texts || session.kind === "loading") {
    return (
      <main className="desk-center" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{texts?.t("loading") ?? "…"}</span>
      </main>
    );
  }
  const { t } = texts;
  if (session.kind === "offline") {
    return (
      <main className="desk-center">
        <div className="notice notice--warn" role="alert">
          <p>{t("offline")}</p>
          <button className="btn btn--ghost" type="button" onClick={() => void check()}>
            {t("retry")}
          </button>
        </div>
      </main>
    );
  }
  if (route === "setup") return <Setup t={t} onDone={signedIn} />;
  if (session.kind === "out") return <SignIn t={t} onDone={signedIn} />;
  // The printed pages stand alone: a sheet of paper, no desk around it.
  if (route === "sheet") return <BuildSheet t={t} locale={texts.locale} id={id} back={() => go("order", id)} />;
  if (route === "slip") return <PackingSlip t={t} id={id} back={() => go("order", id)} />;
  return (
    <Shell t={t} me={session.me} route={route} go={go} onSignedOut={signedOut}>
      {route === "activity" && <Activity t={t} locale={texts.locale} />}
      {route === "coupons" && <Coupons t={t} locale={texts.locale} />}
      {route === "subscribers" && <Subscribers t={t} locale={texts.locale} />}
      {route === "documents" && <Documents t={t} locale={texts.locale} openOrder={(n) => go("order", n)} />}
      {route === "passkeys" && <Passkeys t={t} locale={texts.locale} />}
      {route === "account" && <Account t={t} locale={texts.locale} me={session.me} />}
      {route === "messages" && <Messages t={t} locale={texts.locale} />}
      {route === "orders" && <Orders t={t} locale={texts.locale} open={(n) => go("order", n)} />}
      {route === "order" && <Order key={id} t={t} locale={texts.locale} id={id} back={() => go("orders")} print={(what) => go(what, id)} />}
      {route === "today" && <Today t={t} locale={texts.locale} me={session.me} openList={(q) => go("orders", 0, q)} openOrder={(n) => go("order", n)} />}
    </Shell>
  );
}
