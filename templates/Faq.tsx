// FAQ: intro, then each entry as a disclosure with an #anchor.
import type { RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { PageHeader, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { dataOf } from "../components/page";

export default function Faq(req: RenderRequest) {
  const data = dataOf(req, "faq");
  const { page } = req;
  const t = useT();
  return (
    <Layout req={req}>
      <PageHeader page={page} />
      <div className="container container--text section">
        <Prose page={page} />
        <section className="faq" aria-labelledby="faq-title">
          <h2 id="faq-title" className="visually-hidden">
            {t("faq.questions")}
          </h2>
          {data.faq.map((e) => (
            <details className="faq__item" id={e.id} key={e.id}>
              <summary className="faq__question">
                <span>{e.question}</span>
              </summary>
              <div className="faq__answer prose" dangerouslySetInnerHTML={{ __html: e.answer }} />
            </details>
          ))}
        </section>
      </div>
    </Layout>
  );
}
