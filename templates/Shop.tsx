// Shop: intro, the custom creator teaser, then the products by kind.
import type { ProductSummary, RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { PageHeader, ProductGrid, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { dataOf, menuHref } from "../components/page";

const KINDS: ProductSummary["kind"][] = ["hilt", "accessory", "generator"];

export default function Shop(req: RenderRequest) {
  const data = dataOf(req, "shop");
  const { page, site } = req;
  const t = useT();
  const designHref = menuHref(req, "design");
  return (
    <Layout req={req}>
      <PageHeader page={page} />
      <div className="container section">
        <Prose page={page} className="container--text" />
        {!site.orders_open && (
          <p className="notice notice--warn" role="status">
            <strong>{t("orders.paused_title")}</strong> {t("orders.paused_text")}
          </p>
        )}
        {designHref && (
          <aside className="creator-teaser" aria-labelledby="creator-teaser-title">
            <div>
              <h2 id="creator-teaser-title" className="creator-teaser__title">
                {t("shop.creator_title")}
              </h2>
              <p>{t("shop.creator_text")}</p>
            </div>
            <a className="btn btn--primary" href={designHref}>
              {t("home.cta_design")}
            </a>
          </aside>
        )}
        {KINDS.map((kind) => {
          const items = data.products.filter((p) => p.kind === kind);
          if (items.length === 0) return null;
          return (
            <section className="shop-group" key={kind} aria-labelledby={`shop-${kind}`}>
              <h2 id={`shop-${kind}`} className="section__title">
                {t(`shop.kind_${kind}`)}
              </h2>
              <ProductGrid products={items} />
            </section>
          );
        })}
      </div>
    </Layout>
  );
}
