// The data the Go build hands to each page template (internal/site/pagedata.go
// writes the same shape; keep the two in step).

/**
 * A locale code of the site ("en", "pl", ...). The list is the site's
 * configuration (content/config.toml), handed to every page as `locales`;
 * no TypeScript names it, so a locale is added without a code change.
 */
export type Locale = string;

/** Integer minor units plus ISO 4217 code, and the string the build formatted. */
export interface Money {
  amount: number;
  currency: string;
  formatted: string;
}

export interface Link {
  href: string;
  label: string;
}

export interface LocaleLink {
  code: Locale;
  name: string;
  /** This same page in that locale. */
  href: string;
  current: boolean;
  /**
   * Only on the 404 page (served for any unknown path): the locale's path
   * prefix ("" or "/pl"); the browser links the requested path under it,
   * href is the locale's home until then (and without JavaScript).
   */
  prefix?: string;
}

export interface MenuItem {
  key: string;
  label: string;
  href: string;
  active: boolean;
}

export interface Company {
  name: string;
  owner: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  tax_id: string;
  email: string;
  phone: string;
}

export interface Site {
  name: string;
  locale: Locale;
  currency: string;
  /** "/" for en, "/pl/" for pl, "/de/" for de. */
  home: string;
  locales: LocaleLink[];
  menu: MenuItem[];
  company: Company;
  hours: { days: string; open: string; close: string };
  social: { name: string; href: string }[];
  /** Links of the country sites (Polish and English). */
  country_sites: Link[];
  orders_open: boolean;
  basket_href: string;
  contact_href: string;
  /** Hashed URL of the site's own asset paths: static images, icons. */
  logo: string;
  /** Google Tag Manager container id ("GTM-XXXX"); empty: no tag manager is loaded. */
  tag_manager_id: string;
}

export interface Image {
  src: string;
  alt: string;
  caption?: string;
}

export interface Page {
  title: string;
  description: string;
  summary: string;
  /** Markdown body rendered to HTML by the build (trusted). */
  html: string;
  url: string;
  cover?: string;
  images: Image[];
  breadcrumbs: Link[];
  /** The text is English because this locale has no translation yet. */
  fallback: boolean;
}

export interface Spec {
  name: string;
  value: string;
}

export interface ProductSummary {
  slug: string;
  kind: "hilt" | "accessory" | "generator";
  title: string;
  summary: string;
  href: string;
  image: string;
  price: Money;
  /** Present while the price is reduced: the lowest price of the 30 days before the reduction. */
  lowest_30_days?: Money;
  /** The regular price before the reduction, when reduced. */
  previous_price?: Money;
}

export interface Product extends ProductSummary {
  description: string;
  images: string[];
  specs: Spec[];
  returnable: boolean;
  build_days: number;
  presets: number;
  waste_fee: Money;
  delivery_days: { min: number; max: number };
}

export interface PostSummary {
  slug: string;
  title: string;
  summary: string;
  href: string;
  date: string; // YYYY-MM-DD
  date_formatted: string;
  cover?: string;
  categories: Link[];
}

export interface Category {
  slug: string;
  name: string;
  href: string;
  count: number;
  current: boolean;
}

export interface FaqEntry {
  id: string;
  question: string;
  /** HTML (trusted, from Markdown). */
  answer: string;
}

export interface Country {
  code: string;
  name: string;
  cost: Money;
  days_min: number;
  days_max: number;
}

/** A generator variant a hilt can be ordered with; price is the surcharge. */
export interface Generator {
  id: string;
  name: string;
  price: Money;
}

/** A creator part (or generator): price is its delta on the base price. */
export interface CreatorPart {
  id: string;
  name: string;
  image?: string;
  price: Money;
}

/** One of the creator's three image areas and its parts. */
export interface CreatorSlot {
  id: string;
  name: string;
  options: CreatorPart[];
}

/** A preset option (colour, effect, ignition, sound, button behaviour). */
export interface CreatorOption {
  id: string;
  name: string;
  /** Colours only: "#rrggbb". */
  hex?: string;
}

export type CreatorGroup = "colors" | "effects" | "ignitions" | "sounds" | "buttons";

/** The creator's catalogue in the page's locale and currency (content/data/creator.toml). */
export interface CreatorData {
  presets: number;
  base_price: Money;
  build_days: number;
  waste_fee: Money;
  delivery_days: { min: number; max: number };
  slots: CreatorSlot[];
  generators: CreatorPart[];
  options: Record<CreatorGroup, CreatorOption[]>;
}

export type PageData =
  | { template: "home"; products: ProductSummary[]; posts: PostSummary[] }
  | { template: "page" }
  | { template: "contact" }
  | { template: "faq"; faq: FaqEntry[] }
  | { template: "gallery" }
  | { template: "shop"; products: ProductSummary[] }
  | { template: "product"; product: Product; generators?: Generator[] }
  | { template: "creator"; creator_from: Money; creator: CreatorData }
  | { template: "blog"; posts: PostSummary[]; categories: Category[]; category?: Category; index_of_categories: boolean }
  | { template: "post"; post: PostSummary; newer?: Link; older?: Link }
  | { template: "basket"; countries: Country[]; products: ProductSummary[]; generators: Generator[]; creator_slots: CreatorSlot[] }
  | { template: "status" }
  | { template: "notFound" };

export interface RenderRequest {
  site: Site;
  page: Page;
  data: PageData;
}
