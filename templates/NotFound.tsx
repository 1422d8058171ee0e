// The 404 page (/404.html; the daemon answers unknown paths with it).
import type { RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { contentLang, dataOf } from "../components/page";

export default function NotFound(req: RenderRequest) {
  dataOf(req, "notFound");
  const { page, site } = req;
  const t = useT();
  return (
    <Layout req={req}>
      <section className="error-page section" aria-labelledby="error-title">
        <div className="container container--text">
          <p className="error-page__code" aria-hidden="true">
            404
          </p>
          <h1 id="error-title" className="error-page__title" lang={page.title ? contentLang(page) : undefined}>
            {page.title || t("errors.not_found_title")}
          </h1>
          <Prose page={page} />
          <p>
            <a className="btn btn--primary" href={site.home}>
              {t("errors.back_home")}
            </a>
          </p>
        </div>
      </section>
    </Layout>
  );
}
