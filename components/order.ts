// The daemon's order shapes (internal/order: Line, Totals, Customer, as
// docs/api.md shows them), shared by the basket's quote and the status
// page. Amounts are integer minor units of the order's currency. The types
// are generated from the Go structs (components/generated/api.ts).

export type { CreatorConfig, Customer, OrderLine, Totals } from "./generated/api";
