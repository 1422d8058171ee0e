// Building blocks shared by several page templates.
import type { ReactNode } from "react";
import type { Money, Page, PostSummary, ProductSummary } from "./generated/pagedata";
import { useT } from "./i18n";
import { contentLang } from "./page";
import { Picture } from "./Picture";

/** Markdown rendered by the build: trusted HTML. */
export function Prose({ page, html, className }: { page: Page; html?: string; className?: string }) {
  const body = html ?? page.html;
  if (!body.trim()) return null;
  return (
    <div
      className={className ? `prose ${className}` : "prose"}
      lang={contentLang(page)}
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}

/** The page's h1 with an optional lead paragraph and extra content. */
export function PageHeader({ page, title, lead, children }: { page: Page; title?: string; lead?: string; children?: ReactNode }) {
  const text = lead ?? page.summary;
  return (
    <header className="page-header">
      <div className="container">
        <h1 className="page-header__title" lang={title === undefined ? contentLang(page) : undefined}>
          {title ?? page.title}
        </h1>
        {text && (
          <p className="page-header__lead" lang={lead === undefined ? contentLang(page) : undefined}>
            {text}
          </p>
        )}
        {children}
      </div>
    </header>
  );
}

/** A price; when reduced, the regular price struck through before it. */
export function Price({ price, previous, size }: { price: Money; previous?: Money; size?: "lg" }) {
  const t = useT();
  return (
    <p className={size ? `price price--${size}` : "price"}>
      {previous && (
        <>
          <del className="price__previous">
            <span className="visually-hidden">{t("price.previous")} </span>
            {previous.formatted}
          </del>{" "}
        </>
      )}
      <span className={previous ? "price__current price__current--sale" : "price__current"}>
        {previous && <span className="visually-hidden">{t("price.current")} </span>}
        {price.formatted}
      </span>
    </p>
  );
}

/**
 * How wide a product card's picture is shown (.grid--cards: 2 columns on
 * phones, 3 from 768 px, 4 from 992 px, in a container of at most 1200 px),
 * so a phone takes a 320–480 px candidate, not the largest.
 */
const CARD_SIZES = "(min-width: 992px) 18rem, (min-width: 768px) 31vw, 48vw";

export function ProductCard({ product, headingLevel = 3 }: { product: ProductSummary; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={`card product-card product-card--${product.kind}`}>
      <div className="product-card__media">
        {product.picture ? (
          <Picture className="product-card__photo" picture={product.picture} alt="" sizes={CARD_SIZES} />
        ) : (
          product.image && <img src={product.image} alt="" loading="lazy" decoding="async" width={640} height={320} />
        )}
        {product.previous_price && <span className="badge badge--sale">{t("price.sale_badge")}</span>}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <a className="card__link" href={product.href}>
            {product.title}
          </a>
        </Heading>
        {product.summary && (
          <p className="product-card__summary">
            {product.summary}
          </p>
        )}
        <div className="product-card__footer">
          <Price price={product.price} previous={product.previous_price} />
          <span className="product-card__more" aria-hidden="true">
            {t("product.view")} →
          </span>
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({ products, headingLevel }: { products: ProductSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid grid--cards" role="list">
      {products.map((p) => (
        <li key={p.slug}>
          <ProductCard product={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

export function PostCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card post-card">
      {post.cover && (
        <div className="post-card__media">
          <img src={post.cover} alt="" loading="lazy" decoding="async" width={1200} height={630} />
        </div>
      )}
      <div className="post-card__body">
        <p className="post-card__meta">
          <time dateTime={post.date}>{post.date_formatted}</time>
          {post.categories.length > 0 && (
            <>
              {" · "}
              {post.categories.map((c) => c.label).join(", ")}
            </>
          )}
        </p>
        <Heading className="post-card__title">
          <a className="card__link" href={post.href}>
            {post.title}
          </a>
        </Heading>
        {post.summary && <p className="post-card__summary">{post.summary}</p>}
      </div>
    </article>
  );
}

export function PostList({ posts, headingLevel }: { posts: PostSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid grid--posts" role="list">
      {posts.map((p) => (
        <li key={p.slug}>
          <PostCard post={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Where an island will hydrate in a later issue: server-rendered content now,
 * with a message for visitors without JavaScript.
 */
export function IslandPlaceholder({ id, noscript, children }: { id: string; noscript: string; children?: ReactNode }) {
  return (
    <div className="island-placeholder" id={id}>
      {children}
      <noscript>
        <p className="notice notice--warn">{noscript}</p>
      </noscript>
    </div>
  );
}
