// The custom saber creator's shell: intro and the "from" price. The creator
// island replaces the placeholder in a later issue.
import type { RenderRequest } from "./types";
import { Layout } from "../components/Layout";
import { IslandPlaceholder, PageHeader, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { dataOf } from "../components/page";

export default function Creator(req: RenderRequest) {
  const data = dataOf(req, "creator");
  const { page, site } = req;
  const t = useT();
  return (
    <Layout req={req}>
      <PageHeader page={page}>
        <p className="price-from">
          {t("creator.from", { price: data.creator_from.formatted })}
          <span className="price-from__note"> · {t("price.taxes_included")}</span>
        </p>
      </PageHeader>
      <div className="container section">
        <IslandPlaceholder id="creator" noscript={t("creator.noscript")}>
          <div className="creator-stage" aria-hidden="true">
            <div className="creator-stage__slot" />
            <div className="creator-stage__slot" />
            <div className="creator-stage__slot" />
          </div>
          {!site.orders_open && (
            <p className="notice notice--warn" role="status">
              <strong>{t("orders.paused_title")}</strong> {t("orders.paused_text")}
            </p>
          )}
        </IslandPlaceholder>
        <Prose page={page} className="container--text" />
        <p className="container--text buy-box__note">{t("product.not_returnable")}</p>
      </div>
    </Layout>
  );
}
