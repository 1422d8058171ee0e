// A plain content page (features, application, construction, legal, ...).
import type { RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { PageHeader, Prose } from "../components/blocks";
import { dataOf } from "../components/page";
import { Picture } from "../components/Picture";

/** The cover spans the text column (at most 768 px, less the gutters on phones). */
const COVER_SIZES = "(min-width: 800px) 768px, calc(100vw - 2.5rem)";
/** The figure grid's columns (auto-fill, at least 14rem). */
const FIGURE_SIZES = "(min-width: 800px) 380px, calc(100vw - 2.5rem)";

export default function Page(req: RenderRequest) {
  dataOf(req, "page");
  const { page } = req;
  return (
    <Layout req={req}>
      <article className="page">
        <PageHeader page={page} />
        <div className="container container--text section">
          {page.cover_picture ? (
            <Picture className="page__cover" picture={page.cover_picture} alt="" sizes={COVER_SIZES} main />
          ) : (
            page.cover && <img className="page__cover" src={page.cover} alt="" width={1200} height={630} />
          )}
          <Prose page={page} />
          {page.images.length > 0 && (
            <div className="figure-grid">
              {page.images.map((img) => (
                <figure key={img.src} className="figure-grid__item">
                  {img.picture ? (
                    <Picture picture={img.picture} sizes={FIGURE_SIZES} />
                  ) : (
                    <img src={img.src} alt={img.alt} width={400} height={300} loading="lazy" decoding="async" />
                  )}
                  {img.caption && <figcaption>{img.caption}</figcaption>}
                </figure>
              ))}
            </div>
          )}
        </div>
      </article>
    </Layout>
  );
}
