// Gallery: a responsive grid of figures; each links to the full image.
import type { RenderRequest } from "./types";
import { Layout } from "../components/Layout";
import { PageHeader, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { contentLang, dataOf } from "../components/page";

export default function Gallery(req: RenderRequest) {
  dataOf(req, "gallery");
  const { page } = req;
  const t = useT();
  const lang = contentLang(page);
  return (
    <Layout req={req}>
      <PageHeader page={page} />
      <div className="container section">
        <Prose page={page} className="container--text" />
        <ul className="gallery" role="list">
          {page.images.map((img, i) => (
            <li key={`${img.src}-${i}`}>
              <figure className="gallery__item">
                <a className="gallery__link" href={img.src}>
                  <img src={img.src} alt={img.alt} lang={lang} loading={i < 4 ? "eager" : "lazy"} decoding="async" width={600} height={450} />
                  <span className="visually-hidden"> ({t("gallery.open_full")})</span>
                </a>
                {img.caption && <figcaption lang={lang}>{img.caption}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </Layout>
  );
}
