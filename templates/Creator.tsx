// The custom saber creator's page: intro, the "from" price and the creator
// island (hydrated on load: it is the page), the EU's guarantee notice,
// then the page's text and the safety information.
import type { RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { IslandPlaceholder, PageHeader, Prose } from "../components/blocks";
import { useI18n } from "../components/i18n";
import { Island } from "../components/Island";
import { dataOf } from "../components/page";
import { notifyMeProps } from "../components/OrdersPaused";
import { SafetySection } from "../components/SafetyInfo";
import { GuaranteeNotice } from "../components/GuaranteeNotice";

export default function Creator(req: RenderRequest) {
  const data = dataOf(req, "creator");
  const { page, site } = req;
  const { t, pick } = useI18n();
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
          <Island
            name="Creator"
            hydrate="load"
            props={{
              locale: site.locale,
              currency: site.currency,
              creator: data.creator,
              basketHref: site.basket_href,
              ordersOpen: site.orders_open,
              notify: notifyMeProps(site.locale, t),
              messages: pick("creator_ui", "price", "product", "orders", "creator_withdrawal", "creator_safety"),
            }}
          />
        </IslandPlaceholder>
        {/* The EU's notice on the legal guarantee, right under the buy box
            (the last section of the creator), in the creator's right
            column on a wide screen. Outside the island: the page renders
            it, and the island neither carries it in its props nor
            hydrates it. */}
        <div className="creator-guarantee">
          <GuaranteeNotice notice={data.guarantee} id="guarantee-title" />
        </div>
        <Prose page={page} className="container--text" />
        {/* Product safety (GPSR art. 19; docs/legal.md#product-safety) */}
        <div className="container--text">
          <SafetySection safety={data.safety} />
        </div>
      </div>
    </Layout>
  );
}
