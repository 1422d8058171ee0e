// The basket's shell: the basket island replaces the placeholder in a later
// issue. Delivery costs are listed here so they are readable without it.
import type { RenderRequest } from "./types";
import { Layout } from "../components/Layout";
import { IslandPlaceholder, PageHeader, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { dataOf } from "../components/page";

export default function Basket(req: RenderRequest) {
  const data = dataOf(req, "basket");
  const { page, site } = req;
  const t = useT();
  return (
    <Layout req={req}>
      <PageHeader page={page} />
      <div className="container section">
        {!site.orders_open && (
          <p className="notice notice--warn" role="status">
            <strong>{t("orders.paused_title")}</strong> {t("orders.paused_text")}
          </p>
        )}
        <IslandPlaceholder id="basket" noscript={t("basket.noscript")}>
          <div className="card card--pad basket-shell">
            <p>{t("basket.coming_soon")}</p>
          </div>
        </IslandPlaceholder>
        <Prose page={page} className="container--text" />
        {data.countries.length > 0 && (
          <section className="deliveries">
            <h2 id="deliveries-title" className="section__title">
              {t("basket.deliveries_title")}
            </h2>
            <div className="table-wrap" role="region" aria-labelledby="deliveries-title" tabIndex={0}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t("basket.country")}</th>
                    <th scope="col">{t("basket.delivery_cost")}</th>
                    <th scope="col">{t("basket.delivery_time")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.countries.map((c) => (
                    <tr key={c.code}>
                      <th scope="row">{c.name}</th>
                      <td>{c.cost.formatted}</td>
                      <td>{t("product.delivery_days", { min: c.days_min, max: c.days_max })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}
      </div>
    </Layout>
  );
}
