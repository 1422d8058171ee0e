// A blog post: header with date and categories, cover, body, newer/older.
import type { RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { contentLang, dataOf, menuHref } from "../components/page";

export default function Post(req: RenderRequest) {
  const { post, newer, older } = dataOf(req, "post");
  const { page } = req;
  const t = useT();
  const lang = contentLang(page);
  const blogHref = menuHref(req, "blog");
  return (
    <Layout req={req}>
      <article className="post">
        <header className="page-header post__header">
          <div className="container container--text">
            <p className="post__meta">
              <time dateTime={post.date}>{post.date_formatted}</time>
            </p>
            <h1 className="page-header__title" lang={lang}>
              {post.title}
            </h1>
            {post.summary && (
              <p className="page-header__lead" lang={lang}>
                {post.summary}
              </p>
            )}
            {post.categories.length > 0 && (
              <p className="post__categories">
                <span className="visually-hidden">{t("blog.categories_nav")}: </span>
                {post.categories.map((c) => (
                  <a key={c.href} className="chip" href={c.href}>
                    {c.label}
                  </a>
                ))}
              </p>
            )}
          </div>
        </header>
        <div className="container container--text section">
          {post.cover && <img className="post__cover" src={post.cover} alt="" width={1200} height={630} decoding="async" />}
          <Prose page={page} />
        </div>
      </article>
      {(newer || older || blogHref) && (
        <nav className="container container--text pager" aria-label={t("blog.pager")}>
          <ul role="list">
            {newer && (
              <li className="pager__newer">
                <a href={newer.href} rel="prev">
                  <span className="pager__label">← {t("blog.newer")}</span>
                  <span className="pager__title">{newer.label}</span>
                </a>
              </li>
            )}
            {older && (
              <li className="pager__older">
                <a href={older.href} rel="next">
                  <span className="pager__label">{t("blog.older")} →</span>
                  <span className="pager__title">{older.label}</span>
                </a>
              </li>
            )}
          </ul>
          {blogHref && (
            <p className="pager__back">
              <a href={blogHref}>{t("blog.all_posts")}</a>
            </p>
          )}
        </nav>
      )}
    </Layout>
  );
}
