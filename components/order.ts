// The daemon's order shapes (internal/order: Line, Totals, Customer, as
// docs/api.md shows them), shared by the basket's quote and the status
// page. Amounts are integer minor units of the order's currency.

export interface CreatorConfig {
  parts: Record<string, string>;
  generator: string;
  button?: string;
  presets: unknown[];
}

export interface OrderLine {
  product: string;
  variant?: string;
  name: string;
  image?: string;
  creator?: CreatorConfig;
  quantity: number;
  unit_price: number;
  total: number;
  waste_fee: number;
  returnable: boolean;
  build_days: number;
}

export interface Totals {
  subtotal: number;
  shipping: number;
  discount: number;
  waste_fee: number;
  total: number;
}

export interface Customer {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  street: string;
  zip: string;
  city: string;
}
