package content

import (
	"sabershop/internal/catalog"
	"sabershop/internal/shipping"
)

// loadCreator reads content/data/creator.toml.
func (l *loader) loadCreator(c Config, static map[string]bool) Creator {
	f, ok := l.tomlFile("data", "creator.toml")
	if !ok {
		return Creator{}
	}
	var cr Creator
	cr.Model = readModel(f)
	cr.Presets = f.Int("presets", true, 5, 6)
	readPart := func(t *fields, image bool) Part {
		p := Part{ID: t.String("id", true), Names: readNames(c, t.Table("names", true)), Price: readAmounts(c, t.Table("price", true), true)}
		if image {
			p.Image = t.String("image", true)
			if p.Image != "" && !static[p.Image] {
				t.errorf("image", "no file content/static%s", p.Image)
			}
		}
		if p.ID != "" && !slugPattern.MatchString(p.ID) {
			t.errorf("id", "%q must be lower-case letters, digits and dashes", p.ID)
		}
		return p
	}
	for _, t := range f.Tables("slots") {
		s := Slot{ID: t.String("id", true), Names: readNames(c, t.Table("names", true))}
		ids := map[string]bool{}
		for _, o := range t.Tables("options") {
			p := readPart(o, true)
			if ids[p.ID] {
				o.errorf("id", "duplicate option %q in slot %q", p.ID, s.ID)
			}
			ids[p.ID] = true
			o.unknownFields()
			s.Options = append(s.Options, p)
		}
		if len(s.Options) == 0 {
			t.errorf("options", "a slot needs at least one option")
		}
		t.unknownFields()
		cr.Slots = append(cr.Slots, s)
	}
	if len(cr.Slots) != 3 {
		f.errorf("slots", "the creator has exactly three slots (image areas), got %d", len(cr.Slots))
	}
	bp := f.Table("base_price", true)
	cr.BuildDays = bp.Int("build_days", true, 0, 365)
	cr.BasePrice = readAmounts(c, bp, true)
	ids := map[string]bool{}
	for _, t := range f.Tables("generators") {
		p := readPart(t, false)
		if ids[p.ID] {
			t.errorf("id", "duplicate generator %q", p.ID)
		}
		ids[p.ID] = true
		t.unknownFields()
		cr.Generators = append(cr.Generators, p)
	}
	cr.Options = map[string][]Option{}
	opts := f.Table("options", true)
	for _, group := range []string{"colors", "effects", "ignitions", "sounds", "buttons"} {
		seen := map[string]bool{}
		tables := opts.Tables(group)
		if len(tables) == 0 {
			opts.errorf(group, "missing: at least one option is needed")
		}
		for _, t := range tables {
			o := Option{ID: t.String("id", true), Names: readNames(c, t.Table("names", true))}
			if group == "colors" {
				o.Hex = t.String("hex", true)
				if o.Hex != "" && !colorPattern.MatchString(o.Hex) {
					t.errorf("hex", "must be a colour like #ff0000, got %q", o.Hex)
				}
			}
			if seen[o.ID] {
				t.errorf("id", "duplicate option %q", o.ID)
			}
			seen[o.ID] = true
			t.unknownFields()
			cr.Options[group] = append(cr.Options[group], o)
		}
	}
	opts.unknownFields()
	f.unknownFields()
	return cr
}

// loadDeliveries reads content/data/deliveries.toml: the countries with
// their delivery methods, the boxes products pack into and the carriers'
// locker sizes (docs/shipping.md).
func (l *loader) loadDeliveries(c Config, site *Site) []Country {
	f, ok := l.tomlFile("data", "deliveries.toml")
	if !ok {
		return nil
	}
	site.LockerSizes = readLockerSizes(f)
	carriers := map[string]bool{}
	for _, s := range site.LockerSizes {
		carriers[s.Carrier] = true
	}
	site.Boxes = readBoxes(f)
	var out []Country
	seen := map[string]bool{}
	for _, t := range f.Tables("countries") {
		co := Country{
			Code:  t.String("code", true),
			Names: readNames(c, t.Table("names", true)),
			VAT:   t.Int("vat", true, 0, 30),
		}
		co.Methods = readMethods(c, t, carriers)
		co.Languages = l.readLanguages(t, firstNonEmpty(co.Names[c.DefaultLocale().Code], co.Code))
		if seen[co.Code] {
			t.errorf("code", "duplicate country %q", co.Code)
		}
		seen[co.Code] = true
		t.unknownFields()
		out = append(out, co)
	}
	if len(out) == 0 {
		f.errorf("countries", "at least one [[countries]] entry is needed")
	}
	if home := c.VAT.Home; home != "" && !seen[home] {
		f.errorf("countries", "no [[countries]] entry for the home country %q of config.toml's [vat] home", home)
	} else if home != "" {
		for _, co := range out {
			if co.Code == home && co.VAT == 0 {
				f.errorf("countries", "the home country %q needs its VAT rate (vat = 23)", home)
			}
		}
	}
	f.unknownFields()
	return out
}

// readMethods reads a country's [[countries.methods]]: a courier, which
// every country needs (a basket too big for any locker goes by courier),
// and at most one locker of a carrier with [[locker_sizes]].
func readMethods(c Config, t *fields, carriers map[string]bool) []catalog.DeliveryMethod {
	var out []catalog.DeliveryMethod
	seen := map[shipping.Method]bool{}
	tables := t.Tables("methods")
	if len(tables) == 0 && !t.has("methods") {
		t.reportMissing("methods")
	}
	for _, m := range tables {
		dm := catalog.DeliveryMethod{
			ID:      shipping.Method(m.String("id", true)),
			Carrier: m.String("carrier", false),
			Cost:    readAmounts(c, m.Table("cost", true), true),
			DaysMin: m.Int("days_min", true, 0, 60),
			DaysMax: m.Int("days_max", true, 0, 60),
		}
		switch dm.ID {
		case shipping.Courier:
		case shipping.Locker:
			if dm.Carrier == "" {
				m.reportMissing("carrier")
			} else if !carriers[dm.Carrier] {
				m.errorf("carrier", "no [[locker_sizes]] of carrier %q: a locker needs its compartments", dm.Carrier)
			}
		case "":
		default:
			m.errorf("id", "unknown delivery method %q: courier or locker", dm.ID)
		}
		if dm.DaysMax < dm.DaysMin {
			m.errorf("days_max", "must not be less than days_min")
		}
		if seen[dm.ID] && dm.ID != "" {
			m.errorf("id", "duplicate method %q", dm.ID)
		}
		seen[dm.ID] = true
		m.unknownFields()
		out = append(out, dm)
	}
	if len(tables) > 0 && !seen[shipping.Courier] {
		t.errorf("methods", "a courier is needed: a basket too big for a locker goes by courier")
	}
	return out
}

// boxKinds are the [boxes] every shop needs: one per product kind and
// the creator's design.
var boxKinds = []string{string(ProductHilt), string(ProductAccessory), catalog.BoxCreator}

// readBoxes reads [boxes]: the packed box of one unit of each kind.
func readBoxes(f *fields) map[string]catalog.Box {
	if !f.has("boxes") {
		f.reportMissing("boxes")
		return nil
	}
	boxes := f.Table("boxes", true)
	out := map[string]catalog.Box{}
	for _, kind := range boxKinds {
		if !boxes.has(kind) {
			boxes.reportMissing(kind)
			continue
		}
		b := boxes.Table(kind, true)
		out[kind] = catalog.Box{
			LengthCM: b.Int("length_cm", true, 1, 300),
			WidthCM:  b.Int("width_cm", true, 1, 300),
			HeightCM: b.Int("height_cm", true, 1, 300),
			WeightG:  b.Int("weight_g", true, 1, 100000),
		}
		b.unknownFields()
	}
	boxes.unknownFields()
	return out
}

// readLockerSizes reads [[locker_sizes]], each carrier's smallest first.
func readLockerSizes(f *fields) []catalog.LockerSize {
	var out []catalog.LockerSize
	last := map[string]int{}
	for _, t := range f.Tables("locker_sizes") {
		s := catalog.LockerSize{
			Carrier:    t.String("carrier", true),
			Size:       shipping.Size(t.String("size", true)),
			LengthCM:   t.Int("length_cm", true, 1, 300),
			WidthCM:    t.Int("width_cm", true, 1, 300),
			HeightCM:   t.Int("height_cm", true, 1, 300),
			MaxWeightG: t.Int("max_weight_g", true, 1, 100000),
		}
		switch s.Size {
		case shipping.SizeSmall, shipping.SizeMedium, shipping.SizeLarge, "":
		default:
			t.errorf("size", "unknown size %q: small, medium or large", s.Size)
		}
		v := s.LengthCM * s.WidthCM * s.HeightCM
		if v < last[s.Carrier] {
			t.errorf("size", "list each carrier's sizes smallest first")
		}
		last[s.Carrier] = v
		t.unknownFields()
		out = append(out, s)
	}
	return out
}
