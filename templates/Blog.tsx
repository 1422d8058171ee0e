// The blog list, a category's list (data.category) and the categories index
// (data.index_of_categories), with category filter links.
import type { Category, RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { PageHeader, PostList, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { dataOf, menuHref } from "../components/page";

export default function Blog(req: RenderRequest) {
  const data = dataOf(req, "blog");
  const { page } = req;
  const t = useT();
  const blogHref = menuHref(req, "blog") ?? page.url;
  const total = data.category ? undefined : data.posts.length;

  if (data.index_of_categories) {
    return (
      <Layout req={req}>
        <PageHeader page={page} title={t("blog.categories_title")} lead={t("blog.categories_lead")} />
        <div className="container section">
          <ul className="category-grid" role="list">
            {data.categories.map((c) => (
              <li key={c.slug}>
                <a className="card card--pad category-card" href={c.href}>
                  <span className="category-card__name">{c.name}</span>
                  <span className="category-card__count">{t("blog.posts_count", { count: c.count })}</span>
                </a>
              </li>
            ))}
          </ul>
          <p>
            <a href={blogHref}>← {t("blog.all_posts")}</a>
          </p>
        </div>
      </Layout>
    );
  }

  const category = data.category;
  return (
    <Layout req={req}>
      {category ? (
        <PageHeader page={page} title={t("blog.category_title", { name: category.name })} lead={t("blog.posts_count", { count: category.count })} />
      ) : (
        <PageHeader page={page} />
      )}
      <div className="container section">
        {!category && <Prose page={page} className="container--text" />}
        {data.categories.length > 0 && (
          <CategoryFilter categories={data.categories} blogHref={blogHref} current={category} total={total} />
        )}
        {data.posts.length > 0 ? (
          <PostList posts={data.posts} headingLevel={2} />
        ) : (
          <p className="empty">{t("blog.empty")}</p>
        )}
      </div>
    </Layout>
  );
}

function CategoryFilter({ categories, blogHref, current, total }: { categories: Category[]; blogHref: string; current?: Category; total?: number }) {
  const t = useT();
  return (
    <nav className="filter" aria-label={t("blog.categories_nav")}>
      <ul role="list">
        <li>
          <a className="chip" href={blogHref} aria-current={current ? undefined : "page"}>
            {t("blog.all_posts")}
            {total !== undefined && (
              <span className="chip__count">
                <span aria-hidden="true">{total}</span>
                <span className="visually-hidden">, {t("blog.posts_count", { count: total })}</span>
              </span>
            )}
          </a>
        </li>
        {categories.map((c) => (
          <li key={c.slug}>
            <a className="chip" href={c.href} aria-current={c.current ? "page" : undefined}>
              {c.name}
              <span className="chip__count">
                <span aria-hidden="true">{c.count}</span>
                <span className="visually-hidden">, {t("blog.posts_count", { count: c.count })}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
