package mail

import (
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
)

// At the last stage the e-mail says the order is ready instead of a date;
// the estimate of a stage counts from the stage's day.
func TestStageReachedEstimate(t *testing.T) {
	cat := testCatalog()
	o := testOrder("en")
	o.Status = order.Paid
	machined := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // Wednesday; 45% of 15 days done, 9 left
	if _, err := o.SetStage(cat.Production.Stages, "hilt-machined", machined, "owner"); err != nil {
		t.Fatal(err)
	}
	m, err := StageReached(cat, o, statusURL, "hilt-machined", machined)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "We now expect to send it by 17 March 2026.") || strings.Contains(m.Text, "ready to ship") {
		t.Errorf("machined:\n%s", m.Text)
	}
	// The desk's list of the order's e-mails names the stage by it.
	if m.About != "hilt-machined" {
		t.Errorf("about %q, want the stage's id", m.About)
	}
	if _, err := o.SetStage(cat.Production.Stages, "ready", machined, "owner"); err != nil {
		t.Fatal(err)
	}
	m, err = StageReached(cat, o, statusURL, "ready", machined)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Next stage: Ready to ship") || !strings.Contains(m.Text, "It is ready to ship") || strings.Contains(m.Text, "expect to send") {
		t.Errorf("ready:\n%s", m.Text)
	}
}
