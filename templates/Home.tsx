// Home: hero, the Markdown sections (with their #anchors), hilts and
// accessories, the latest posts.
import type { RenderRequest } from "../components/generated/pagedata";
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import { PostList, ProductGrid, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { contentLang, dataOf, menuHref } from "../components/page";

export default function Home(req: RenderRequest) {
  const data = dataOf(req, "home");
  const { page, site } = req;
  const t = useT();
  const products = data.products.filter((p) => p.kind === "hilt" || p.kind === "accessory");
  const hilts = data.products.filter((p) => p.kind === "hilt");
  const shopHref = menuHref(req, "shop");
  const designHref = menuHref(req, "design");
  const blogHref = menuHref(req, "blog");
  return (
    <Layout req={req}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__art">
          <img src="/images/hero.svg" alt="" width={1200} height={600} decoding="async" />
        </div>
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow" lang={page.summary ? contentLang(page) : undefined}>
              {page.summary || t("site.tagline")}
            </p>
            <h1 id="hero-title" className="hero__title" lang={contentLang(page)}>
              {page.title}
            </h1>
            <p className="hero__lead" lang={page.description ? contentLang(page) : undefined}>
              {page.description || t("site.description")}
            </p>
            <div className="hero__actions">
              {designHref && (
                <a className="btn btn--primary btn--lg" href={designHref}>
                  {t("home.cta_design")}
                </a>
              )}
              {shopHref && (
                <a className="btn btn--ghost btn--lg" href={shopHref}>
                  {t("home.cta_shop")}
                </a>
              )}
            </div>
            {!site.orders_open && <p className="hero__paused">{t("orders.paused_title")}</p>}
          </div>
        </div>
      </section>

      {hilts.length > 0 && (
        // Not a labelled section: the carousel inside is the region named by the heading.
        <section className="section section--hilts">
          <div className="container">
            <div className="section__head">
              <h2 id="home-hilts" className="section__title">
                {t("carousel.title")}
              </h2>
            </div>
            {/* On interaction, not when visible: it starts within the first
                screen of a phone (412x823), and the scroll-snap list works
                without React, so a visitor who only looks at the top of the
                page (and Lighthouse) does not pay for React. The controls
                appear at the first touch, pointer, focus or scroll. */}
            <Island
              name="Carousel"
              hydrate="interaction"
              props={{
                labelledBy: "home-hilts",
                slides: hilts.map((p) => ({
                  title: p.title,
                  href: p.href,
                  image: p.image,
                  picture: p.picture,
                  price: p.price.formatted,
                  previousPrice: p.previous_price?.formatted,
                  summary: p.summary,
                })),
                text: {
                  carousel: t("carousel.role"),
                  slide: t("carousel.slide_role"),
                  position: t("carousel.position"),
                  previous: t("carousel.previous"),
                  next: t("carousel.next"),
                  picker: t("carousel.picker"),
                  goTo: t("carousel.go_to"),
                  view: t("product.view"),
                  previousPrice: t("price.previous"),
                  currentPrice: t("price.current"),
                },
              }}
            />
          </div>
        </section>
      )}

      {page.html.trim() && (
        <div className="home-sections">
          <div className="container">
            <Prose page={page} className="prose--sections" />
          </div>
        </div>
      )}

      {products.length > 0 && (
        <section className="section" aria-labelledby="home-products">
          <div className="container">
            <div className="section__head">
              <h2 id="home-products" className="section__title">
                {t("home.products_title")}
              </h2>
              {shopHref && (
                <a className="section__more" href={shopHref}>
                  {t("home.products_more")} →
                </a>
              )}
            </div>
            <ProductGrid products={products} />
          </div>
        </section>
      )}

      {data.posts.length > 0 && (
        <section className="section section--alt" aria-labelledby="home-posts">
          <div className="container">
            <div className="section__head">
              <h2 id="home-posts" className="section__title">
                {t("home.posts_title")}
              </h2>
              {blogHref && (
                <a className="section__more" href={blogHref}>
                  {t("home.posts_more")} →
                </a>
              )}
            </div>
            <PostList posts={data.posts.slice(0, 3)} />
          </div>
        </section>
      )}
    </Layout>
  );
}
