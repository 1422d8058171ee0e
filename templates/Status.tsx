// The order status page's shell (/status/{hash} is served from it for
// every hash): the OrderStatus island reads the hash from the address and
// shows the order. Without JavaScript the notice says it is needed.
import type { RenderRequest } from "../components/generated/pagedata";
import { AppPage } from "../components/Layout";
import { Island } from "../components/Island";
import { IslandPlaceholder } from "../components/blocks";
import { useI18n } from "../components/i18n";
import { dataOf } from "../components/page";

export default function Status(req: RenderRequest) {
  dataOf(req, "status");
  const { site } = req;
  const { t, pick } = useI18n();
  return (
    <AppPage req={req}>
      <IslandPlaceholder id="order-status" noscript={t("status.noscript")}>
        <Island
          name="OrderStatus"
          hydrate="load"
          props={{
            locale: site.locale,
            currency: site.currency,
            shopHref: `${site.home}shop`,
            messages: pick("order_status", "payment", "payment_form", "order_links", "creator_ui.basket", "checkout.methods"),
          }}
        />
      </IslandPlaceholder>
    </AppPage>
  );
}
