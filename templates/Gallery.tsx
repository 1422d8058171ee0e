// Gallery: a responsive grid of figures; each links to the full image, and
// the Lightbox island opens them in a modal dialog once hydrated.
import type { RenderRequest } from "../components/generated/pagedata";
import { Island } from "../components/Island";
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
        <Island
          name="Lightbox"
          hydrate="visible"
          props={{
            images: page.images.map((img) => ({ src: img.src, alt: img.alt, caption: img.caption })),
            lang,
            text: {
              open: t("gallery.open_full"),
              close: t("lightbox.close"),
              previous: t("lightbox.previous"),
              next: t("lightbox.next"),
              position: t("lightbox.position"),
            },
          }}
        />
      </div>
    </Layout>
  );
}
