// A plain content page (features, application, construction, legal, ...).
import type { RenderRequest } from "./types";
import { Layout } from "../components/Layout";
import { PageHeader, Prose } from "../components/blocks";
import { dataOf } from "../components/page";

export default function Page(req: RenderRequest) {
  dataOf(req, "page");
  const { page } = req;
  return (
    <Layout req={req}>
      <article className="page">
        <PageHeader page={page} />
        <div className="container container--text section">
          {page.cover && <img className="page__cover" src={page.cover} alt="" width={1200} height={630} />}
          <Prose page={page} />
        </div>
      </article>
    </Layout>
  );
}
