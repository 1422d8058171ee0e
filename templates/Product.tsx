// Product page: the photo gallery (islands/ProductGallery.tsx), price with the EU Omnibus line, taxes and waste fee,
// build and delivery time, returns, specs, body. The footer is hidden on
// phones so the buying column stays the end of the page.
import type { RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { IslandPlaceholder, Price, Prose } from "../components/blocks";
import { useI18n } from "../components/i18n";
import { Island } from "../components/Island";
import { notifyMeProps } from "../components/OrdersPaused";
import { contentLang, dataOf } from "../components/page";
import { GuaranteeNotice } from "../components/GuaranteeNotice";
import { SafetySection } from "../components/SafetyInfo";

/**
 * The width of the media column (templates/styles.css, .product): the
 * container less its gutters, from 768 px half of it less the gap, from
 * 992 px 7/12. The browser picks the photo's candidate from it.
 */
const GALLERY_SIZES =
  "(min-width: 1200px) 650px, (min-width: 992px) 528px, (min-width: 768px) 340px, (min-width: 576px) 536px, calc(100vw - 2rem)";

export default function Product(req: RenderRequest) {
  const { product, generators, guarantee, safety } = dataOf(req, "product");
  const { page, site } = req;
  const { t, pick } = useI18n();
  const lang = contentLang(page);
  const total = product.pictures.length;
  // Each photo's alt text: the product's title and the photo's place.
  const pictures = product.pictures.map((p, i) => ({ ...p, alt: t("product.image_alt", { title: product.title, n: i + 1, total }) }));
  return (
    <Layout req={req} hideFooterOnSmall>
      <article className="product container section">
        <div className="product__media">
          {total > 0 && (
            // On interaction, as the home carousel: the scroll-snap track
            // and the thumbnail links work without React, so a shopper who
            // only looks (and Lighthouse) never pays the 80 KB of React for
            // the gallery; the first pointer, focus or key brings it, and a
            // click that comes while it loads is replayed.
            <Island
              name="ProductGallery"
              hydrate="interaction"
              holdLinks
              props={{
                pictures,
                sizes: GALLERY_SIZES,
                text: {
                  label: t("product_gallery.label", { title: product.title }),
                  position: t("product_gallery.position"),
                  open: t("product_gallery.open"),
                  previous: t("product_gallery.previous"),
                  next: t("product_gallery.next"),
                  close: t("lightbox.close"),
                  lightboxPosition: t("lightbox.position"),
                  zoom: t("product_gallery.zoom"),
                },
              }}
            />
          )}
        </div>

        <div className="product__info">
          <p className="product__kind">{t(`product.kind_${product.kind}`)}</p>
          <h1 className="product__title" lang={lang}>
            {product.title}
          </h1>
          {product.summary && (
            <p className="product__summary" lang={lang}>
              {product.summary}
            </p>
          )}

          <div className="buy-box">
            <Price price={product.price} previous={product.previous_price} size="lg" />
            <p className="buy-box__note">{t("price.taxes_included")}</p>
            {product.lowest_30_days && (
              <p className="buy-box__note buy-box__omnibus">
                {t("price.lowest_30_days", { price: product.lowest_30_days.formatted })}
              </p>
            )}
            {product.waste_fee.amount > 0 && (
              <p className="buy-box__note">{t("price.waste_fee_included", { fee: product.waste_fee.formatted })}</p>
            )}

            <IslandPlaceholder id="add-to-cart" noscript={t("basket.noscript")}>
              {/* Paused or not, the island: the owner pauses and resumes at
                  run time, and it asks the daemon when it hydrates. */}
              <Island
                name="AddToCart"
                hydrate="interaction"
                props={{
                  locale: site.locale,
                  product: { slug: product.slug, title: product.title, price: product.price },
                  generators: product.kind === "hilt" ? generators : undefined,
                  basketHref: site.basket_href,
                  ordersOpen: site.orders_open,
                  notify: notifyMeProps(site.locale, t),
                  messages: pick("add_to_cart", "orders"),
                }}
              />
            </IslandPlaceholder>

            <ul className="perks" role="list">
              <li className="perks__item perks__item--build">
                <span className="perks__label">{t("product.build_time")}</span>{" "}
                {t("product.build_days", { count: product.build_days })}
              </li>
              <li className="perks__item perks__item--delivery">
                <span className="perks__label">{t("product.delivery")}</span>{" "}
                {t("product.delivery_days", { min: product.delivery_days.min, max: product.delivery_days.max })}
              </li>
              <li className={`perks__item perks__item--${product.returnable ? "return" : "noreturn"}`}>
                {product.returnable ? t("product.returnable") : t("product.not_returnable")}
              </li>
              {product.kind === "hilt" && product.presets > 0 && (
                <li className="perks__item perks__item--presets">{t("product.presets", { count: product.presets })}</li>
              )}
            </ul>
          </div>
        </div>

        <div className="product__details">
          {product.description && (
            <p className="product__description" lang={lang}>
              {product.description}
            </p>
          )}
          <Prose page={page} />
          {product.specs.length > 0 && (
            <section className="specs" aria-labelledby="specs-title">
              <h2 id="specs-title" className="specs__title">
                {t("product.specs")}
              </h2>
              <dl className="specs__list" lang={lang}>
                {product.specs.map((s) => (
                  <div className="specs__row" key={s.name}>
                    <dt>{s.name}</dt>
                    <dd>{s.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          <GuaranteeNotice notice={guarantee} id="guarantee-title" />
          {/* Product safety (GPSR art. 19; docs/legal.md#product-safety) */}
          <SafetySection safety={safety} />
          {/* end of product safety */}
        </div>
      </article>
    </Layout>
  );
}
