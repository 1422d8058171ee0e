// The basket page: the Basket island (lines, checkout, order) over the
// daemon's API. Delivery costs are listed here so they are readable without
// JavaScript.
import type { RenderRequest } from "../components/generated/pagedata";
import { AppPage } from "../components/Layout";
import { IslandPlaceholder } from "../components/blocks";
import { useI18n } from "../components/i18n";
import { Island } from "../components/Island";
import { dataOf, legalHref, menuHref } from "../components/page";
import { notifyMeProps } from "../components/OrdersPaused";
import { GuaranteeNotice } from "../components/GuaranteeNotice";

export default function Basket(req: RenderRequest) {
  const data = dataOf(req, "basket");
  const { site } = req;
  const { t, pick } = useI18n();
  const paused = !site.orders_open && (
    <p className="notice notice--warn" role="status">
      <strong>{t("orders.paused_title")}</strong> {t("orders.paused_text")}
    </p>
  );
  return (
    <AppPage req={req} before={paused}>
      <IslandPlaceholder id="basket" noscript={t("basket.noscript")}>
        <Island
          name="Basket"
          hydrate="load"
          props={{
            locale: site.locale,
            currency: site.currency,
            products: data.products.map((p) => ({ slug: p.slug, title: p.title, href: p.href, image: p.image })),
            generators: (data.generators ?? []).map((g) => ({ id: g.id, name: g.name })),
            creatorSlots: (data.creator_slots ?? []).map((s) => ({
              id: s.id,
              name: s.name,
              options: s.options.map((o) => ({ id: o.id, name: o.name, image: o.image, price: o.price })),
            })),
            countries: data.countries.map((c) => ({
              code: c.code,
              name: c.name,
              cost: c.cost.amount,
              days_min: c.days_min,
              days_max: c.days_max,
              methods: (c.methods ?? []).map((m) => ({
                id: m.id,
                ...(m.carrier ? { carrier: m.carrier } : {}),
                cost: m.cost.amount,
                days_min: m.days_min,
                days_max: m.days_max,
              })),
            })),
            termsHref: legalHref(req, "terms"),
            withdrawalHref: legalHref(req, "withdrawal"),
            shopHref: menuHref(req, "shop") ?? site.home,
            creatorHref: menuHref(req, "design") ?? site.home,
            ordersOpen: site.orders_open,
            creatorReturnable: data.creator_returnable ?? false,
            notify: notifyMeProps(site.locale, t),
            messages: pick("basket", "checkout", "orders", "creator_ui.basket", "creator_withdrawal"),
          }}
        />
      </IslandPlaceholder>
      <GuaranteeNotice notice={data.guarantee} id="guarantee-title" />
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
                  <th scope="col">{t("basket.delivery_methods")}</th>
                </tr>
              </thead>
              <tbody>
                {data.countries.map((c) => (
                  <tr key={c.code}>
                    <th scope="row">{c.name}</th>
                    <td>
                      <ul className="deliveries__methods">
                        {(c.methods?.length ? c.methods : [{ id: "courier", carrier: "", cost: c.cost, days_min: c.days_min, days_max: c.days_max }]).map((m) => (
                          <li key={m.id}>
                            <span className="deliveries__method">{t(m.id === "locker" ? "checkout.methods.locker" : "checkout.methods.courier")}</span>{" "}
                            <span className="deliveries__cost">{m.cost.formatted}</span>
                            {" · "}
                            <span className="deliveries__days">{t("basket.delivery_working_days", { min: m.days_min, max: m.days_max })}</span>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </AppPage>
  );
}
