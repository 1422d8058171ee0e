package catalog

// What the shop sends to KSeF, Poland's national e-invoicing system
// (content/config.toml [ksef], docs/legal.md#ksef).
const (
	// KSeFOff sends nothing: every invoice is issued outside KSeF, as
	// before 2026 (a shop that issues no business invoices, or whose
	// accountant issues them in KSeF by hand).
	KSeFOff = "off"
	// KSeFBusiness sends the invoices to business buyers (with a NIP or
	// an EU VAT number), which Polish law requires in KSeF from
	// 1 January 2027 at the latest; consumers' invoices stay outside.
	KSeFBusiness = "business"
	// KSeFAll sends every invoice KSeF takes: consumers' too (voluntary;
	// they get the PDF with its QR code as before).
	KSeFAll = "all"
)

// KSeF environments (srodowiska.md in CIRFMF/ksef-docs): test and demo
// answer like production without legal effect; test takes made-up
// company numbers and self-issued tokens, demo needs the company's own.
const (
	KSeFTest       = "test"
	KSeFDemo       = "demo"
	KSeFProduction = "production"
)

// KSeF is the owner's KSeF setting. The token that lets the daemon send in
// the company's name is a secret and is not here: it comes from the
// daemon's environment (docs/deploy.md#ksef).
type KSeF struct {
	Send        string `json:"send"`
	Environment string `json:"environment"`
}
