// The desk's pages and their paths under /admin, apart from the components
// that draw them: App renders the page of a path and Shell links the pages,
// and both import this module, so neither imports the other.

/** Each page's path; an order's pages ("order", "sheet", "slip") add its number. */
export const pathOf = {
  today: "/admin/",
  orders: "/admin/orders",
  order: "/admin/orders/",
  sheet: "/admin/orders/",
  slip: "/admin/orders/",
  coupons: "/admin/coupons",
  subscribers: "/admin/subscribers",
  documents: "/admin/documents",
  passkeys: "/admin/passkeys",
  account: "/admin/account",
  messages: "/admin/messages",
  activity: "/admin/activity",
  signin: "/admin/signin",
  setup: "/admin/setup",
} as const;

/** The desk's pages by path under /admin. */
export type Route = keyof typeof pathOf;

/** Where the desk is: a page, and the order's number on an order's pages (else 0). */
export interface Place {
  route: Route;
  id: number;
}

/** An order's own pages: its page, its build sheet, its packing slip. */
const orderPages: readonly Route[] = ["order", "sheet", "slip"];

/** The place a path shows; a path the desk does not know shows today's page. */
export function routeOf(pathname: string): Place {
  const p = pathname.replace(/^\/admin\/?/, "").replace(/\/$/, "");
  const m = /^orders\/(\d+)(?:\/(sheet|slip))?$/.exec(p);
  if (m) return { route: m[2] === "sheet" || m[2] === "slip" ? m[2] : "order", id: Number(m[1]) };
  const page = (Object.keys(pathOf) as Route[]).find((r) => !orderPages.includes(r) && pathOf[r] === "/admin/" + p);
  return { route: page ?? "today", id: 0 };
}

/** The path of a place: an order's pages with the order's number ("/admin/orders/12/sheet"). */
export function pathTo(route: Route, orderID = 0): string {
  if (route === "order") return pathOf.order + orderID;
  if (route === "sheet" || route === "slip") return `${pathOf[route]}${orderID}/${route}`;
  return pathOf[route];
}
