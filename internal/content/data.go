package content

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

// loadDeliveries reads content/data/deliveries.toml.
func (l *loader) loadDeliveries(c Config) []Country {
	f, ok := l.tomlFile("data", "deliveries.toml")
	if !ok {
		return nil
	}
	var out []Country
	seen := map[string]bool{}
	for _, t := range f.Tables("countries") {
		co := Country{
			Code:    t.String("code", true),
			Names:   readNames(c, t.Table("names", true)),
			Cost:    readAmounts(c, t.Table("cost", true), true),
			DaysMin: t.Int("days_min", true, 0, 60),
			DaysMax: t.Int("days_max", true, 0, 60),
			VAT:     t.Int("vat", true, 0, 30),
		}
		co.Languages = l.readLanguages(t, firstNonEmpty(co.Names[c.DefaultLocale().Code], co.Code))
		if co.DaysMax < co.DaysMin {
			t.errorf("days_max", "must not be less than days_min")
		}
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
