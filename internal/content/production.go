package content

// Production stages
// (docs/decisions/orders-and-payments.md#production-stages-are-content): the
// steps of the workshop's build that the owner sets on a paid order and the
// shopper sees on the status page.
// config.toml lists them in order:
//
//	[[production.stages]]
//	id = "parts-ordered"
//	names = { en = "Parts ordered", pl = "...", de = "..." }
//	progress = 10   # percent of the build done once reached (optional)
//
// Without a [production] table the shop has no stages.

// Stage is one production stage of config.toml.
type Stage struct {
	ID    string
	Names Names
	// Progress is the percent of the build done once the stage is
	// reached (catalog.Stage.Progress); when the file leaves it out, the
	// stages share the build evenly (of four: 25, 50, 75, 100).
	Progress int
}

// readProduction reads [production] of config.toml.
func readProduction(c Config, f *fields) []Stage {
	p := f.Table("production", false)
	tables := p.Tables("stages")
	if p.has("stages") && len(tables) == 0 {
		p.errorf("stages", "at least one [[production.stages]] entry is needed, or no [production] table")
	}
	var out []Stage
	seen := map[string]bool{}
	prev := 0
	for i, t := range tables {
		s := Stage{ID: t.String("id", true), Names: readNames(c, t.Table("names", true))}
		t.uniqueSlug("id", s.ID, "stage", seen)
		if t.has("progress") {
			s.Progress = t.Int("progress", false, 1, 100)
		} else {
			s.Progress = (i + 1) * 100 / len(tables)
		}
		if s.Progress < prev {
			t.errorf("progress", "%d is less than the %d of the stage before: the build only goes forward", s.Progress, prev)
		}
		prev = max(prev, s.Progress)
		t.unknownFields()
		out = append(out, s)
	}
	p.unknownFields()
	return out
}
