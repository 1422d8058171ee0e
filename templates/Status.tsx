// The order status page's shell (/status/{hash} is served from it): the
// status island replaces the placeholder in a later issue.
import type { RenderRequest } from "./types";
import { Layout } from "../components/Layout";
import { IslandPlaceholder, PageHeader, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { dataOf } from "../components/page";

export default function Status(req: RenderRequest) {
  dataOf(req, "status");
  const { page } = req;
  const t = useT();
  return (
    <Layout req={req}>
      <PageHeader page={page} />
      <div className="container container--text section">
        <IslandPlaceholder id="order-status" noscript={t("status.noscript")}>
          <div className="card card--pad status-shell">
            <p>{t("status.coming_soon")}</p>
          </div>
        </IslandPlaceholder>
        <Prose page={page} />
      </div>
    </Layout>
  );
}
