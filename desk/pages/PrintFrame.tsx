import { useEffect, type ReactNode } from "react";
import type { DeskOrder } from "../api";
import type { Translate } from "../i18n";
import { useResource } from "../useResource";

/**
 * A printed page of an order (the build sheet, the packing slip): on
 * screen a sheet of A4 paper under a bar with the way back and a Print
 * button; on paper the sheet alone (desk.css, "Printing").
 */
export function PrintFrame({
  t,
  id,
  back,
  title,
  children,
}: {
  t: Translate;
  id: number;
  back: () => void;
  /** The document's title while shown: the name a saved PDF gets. */
  title: (o: DeskOrder) => string;
  children: (o: DeskOrder) => ReactNode;
}) {
  const { data: o, error } = useResource<DeskOrder>(`orders/${id}`, t);
  const docTitle = o ? title(o) : "";
  useEffect(() => {
    if (!docTitle) return;
    const was = document.title;
    document.title = docTitle;
    return () => {
      document.title = was;
    };
  }, [docTitle]);
  return (
    <div className="print-screen">
      <header className="print-bar">
        <a
          className="desk-back"
          href={`/admin/orders/${id}`}
          onClick={(e) => {
            e.preventDefault();
            back();
          }}
        >
          ← {t("print.back")}
        </a>
        <span className="print-bar__hint">{t("print.preview")}</span>
        <button className="btn btn--primary" type="button" disabled={!o} onClick={() => window.print()}>
          {t("print.print")}
        </button>
      </header>
      <main className="print-main" id="main">
        {error && (
          <p className="notice notice--warn" role="alert">
            {error}
          </p>
        )}
        {o ? (
          <article className="paper">{children(o)}</article>
        ) : (
          !error && (
            <p className="desk-center" aria-busy="true">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">{t("loading")}</span>
            </p>
          )
        )}
      </main>
    </div>
  );
}

/** A box to tick by hand on paper. */
export function TickBox() {
  return <span className="paper__box" aria-hidden="true" />;
}
