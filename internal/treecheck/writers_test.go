package treecheck

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	// orderWrite is a call of the store's methods that write an order:
	// PutOrder, InsertOrder and InsertOrderJSON.
	orderWrite = regexp.MustCompile(`\.(PutOrder|InsertOrder\w*)\(`)
	// orderWriters are the folders whose code may call them: the order
	// service, and the store that defines them (its test helpers too).
	orderWriters = []string{"internal/orders/", "internal/store/"}
)

// TestOnlyOrdersWritesOrders fails when code outside internal/orders and
// internal/store writes an order through the store (PutOrder,
// InsertOrder…). internal/orders is the one home of every change to an
// order (docs/decisions/orders-and-payments.md#one-home-for-every-change-to-an-order):
// paid, sent, cancelled and refunded each happen there, so what hangs off
// them (an invoice, an e-mail, a parcel) is written once. An edge that
// stored an order itself would reach such a moment by a road that misses
// it. Tests are left out: they put orders in a state to start from.
func TestOnlyOrdersWritesOrders(t *testing.T) {
	root := repoRoot(t)
	allowed := func(rel string) bool {
		for _, dir := range orderWriters {
			if strings.HasPrefix(rel, dir) {
				return true
			}
		}
		return false
	}
	writes := 0
	walkTree(t, root, func(path, rel string) {
		if filepath.Ext(path) != ".go" || strings.HasSuffix(path, "_test.go") {
			return
		}
		forEachLine(t, path, func(n int, line string) {
			if strings.HasPrefix(strings.TrimSpace(line), "//") || !orderWrite.MatchString(line) {
				return
			}
			if !allowed(rel) {
				t.Errorf("%s:%d: writes an order through the store; call the internal/orders function for this change instead: %s",
					rel, n, strings.TrimSpace(line))
				return
			}
			if strings.HasPrefix(rel, "internal/orders/") {
				writes++
			}
		})
	})
	if writes < 5 {
		t.Fatalf("only %d order writes found in internal/orders: is the pattern still right?", writes)
	}
}
