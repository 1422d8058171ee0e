package order

import (
	"testing"

	"sabershop/internal/catalog/catalogtest"
)

func TestValidateCreatorValid(t *testing.T) {
	errs := FieldErrors{}
	ValidateCreator(testDesign(), testCatalog(), "c", errs)
	if len(errs) != 0 {
		t.Fatalf("valid design refused: %v", errs)
	}
}

func TestValidateCreatorRules(t *testing.T) {
	cases := []struct {
		name   string
		change func(*CreatorConfig)
		want   FieldErrors
	}{
		{"no parts", func(c *CreatorConfig) { c.Parts = nil }, FieldErrors{"c.parts.emitter": KeyRequired, "c.parts.grip": KeyRequired}},
		{"emitter missing", func(c *CreatorConfig) { delete(c.Parts, "emitter") }, FieldErrors{"c.parts.emitter": KeyRequired}},
		{"emitter unknown", func(c *CreatorConfig) { c.Parts["emitter"] = "halo" }, FieldErrors{"c.parts.emitter": KeyPartUnknown}},
		{"grip missing", func(c *CreatorConfig) { c.Parts["grip"] = "" }, FieldErrors{"c.parts.grip": KeyRequired}},
		// A part of another slot is not a part of this one.
		{"grip from the emitter slot", func(c *CreatorConfig) { c.Parts["grip"] = "crown" }, FieldErrors{"c.parts.grip": KeyPartUnknown}},
		{"unknown slot", func(c *CreatorConfig) { c.Parts["blade"] = "long"; c.Parts["<script>"] = "x" }, FieldErrors{"c.parts": KeyPartUnknown}},
		{"no generator", func(c *CreatorConfig) { c.Generator = "" }, FieldErrors{"c.generator": KeyRequired}},
		{"unknown generator", func(c *CreatorConfig) { c.Generator = "kyber" }, FieldErrors{"c.generator": KeyGeneratorUnknown}},
		{"no button", func(c *CreatorConfig) { c.Button = "" }, FieldErrors{"c.button": KeyRequired}},
		{"unknown button", func(c *CreatorConfig) { c.Button = "triple" }, FieldErrors{"c.button": KeyOptionUnknown}},
		// A value of another group does not count.
		{"a sound as a button", func(c *CreatorConfig) { c.Button = "classic" }, FieldErrors{"c.button": KeyOptionUnknown}},
		{"no presets", func(c *CreatorConfig) { c.Presets = nil }, FieldErrors{"c.presets": KeyPresetsCount}},
		{"one preset too few", func(c *CreatorConfig) { c.Presets = c.Presets[:1] }, FieldErrors{"c.presets": KeyPresetsCount}},
		{"one preset too many, the extra one unchecked", func(c *CreatorConfig) {
			c.Presets = append(c.Presets, Preset{Color: "junk"})
		}, FieldErrors{"c.presets": KeyPresetsCount}},
		{"bad preset and too few", func(c *CreatorConfig) {
			c.Presets = c.Presets[:1]
			c.Presets[0].Sound = "x"
		}, FieldErrors{"c.presets": KeyPresetsCount, "c.presets.0.sound": KeyOptionUnknown}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := testDesign()
			c.change(cfg)
			errs := FieldErrors{}
			ValidateCreator(cfg, testCatalog(), "c", errs)
			assertErrors(t, errs, c.want)
		})
	}
}

// TestValidatePresetEveryField breaks each field of the second preset.
func TestValidatePresetEveryField(t *testing.T) {
	cases := []struct {
		name   string
		change func(*Preset)
		want   FieldErrors
	}{
		{"upper-case hex is fine after Normalize", func(p *Preset) { p.Color = "#a0b0c0" }, FieldErrors{}},
		{"no colour", func(p *Preset) { p.Color = "" }, FieldErrors{"c.presets.1.color": KeyRequired}},
		{"colour name", func(p *Preset) { p.Color = "red" }, FieldErrors{"c.presets.1.color": KeyColorInvalid}},
		{"short hex", func(p *Preset) { p.Color = "#fff" }, FieldErrors{"c.presets.1.color": KeyColorInvalid}},
		{"hex without #", func(p *Preset) { p.Color = "ff0000" }, FieldErrors{"c.presets.1.color": KeyColorInvalid}},
		{"not hex", func(p *Preset) { p.Color = "#gg0000" }, FieldErrors{"c.presets.1.color": KeyColorInvalid}},
		{"alpha", func(p *Preset) { p.Color = "#ff0000ff" }, FieldErrors{"c.presets.1.color": KeyColorInvalid}},
		{"upper case not normalised", func(p *Preset) { p.Color = "#FF0000" }, FieldErrors{"c.presets.1.color": KeyColorInvalid}},
		{"white 0", func(p *Preset) { p.White = 0 }, FieldErrors{}},
		{"white 255", func(p *Preset) { p.White = 255 }, FieldErrors{}},
		{"white 256", func(p *Preset) { p.White = 256 }, FieldErrors{"c.presets.1.white": KeyWhiteRange}},
		{"white -1", func(p *Preset) { p.White = -1 }, FieldErrors{"c.presets.1.white": KeyWhiteRange}},
		{"no effect", func(p *Preset) { p.Effect = "" }, FieldErrors{"c.presets.1.effect": KeyRequired}},
		{"unknown effect", func(p *Preset) { p.Effect = "strobe" }, FieldErrors{"c.presets.1.effect": KeyOptionUnknown}},
		{"no ignition", func(p *Preset) { p.Ignition = "" }, FieldErrors{"c.presets.1.ignition": KeyRequired}},
		{"unknown ignition", func(p *Preset) { p.Ignition = "steady" }, FieldErrors{"c.presets.1.ignition": KeyOptionUnknown}},
		{"no retraction", func(p *Preset) { p.Retraction = "" }, FieldErrors{"c.presets.1.retraction": KeyRequired}},
		{"unknown retraction", func(p *Preset) { p.Retraction = "implode" }, FieldErrors{"c.presets.1.retraction": KeyOptionUnknown}},
		{"no sound", func(p *Preset) { p.Sound = "" }, FieldErrors{"c.presets.1.sound": KeyRequired}},
		{"unknown sound", func(p *Preset) { p.Sound = "hold" }, FieldErrors{"c.presets.1.sound": KeyOptionUnknown}},
		{"no clash", func(p *Preset) { p.Clash = "" }, FieldErrors{"c.presets.1.clash": KeyRequired}},
		{"bad clash", func(p *Preset) { p.Clash = "#12345" }, FieldErrors{"c.presets.1.clash": KeyColorInvalid}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := testDesign()
			c.change(&cfg.Presets[1])
			errs := FieldErrors{}
			ValidateCreator(cfg, testCatalog(), "c", errs)
			assertErrors(t, errs, c.want)
		})
	}
}

func TestValidateCreatorNil(t *testing.T) {
	errs := FieldErrors{}
	ValidateCreator(nil, testCatalog(), "items.3.creator", errs)
	assertErrors(t, errs, FieldErrors{"items.3.creator": KeyRequired})
}

func TestDefaultCreator(t *testing.T) {
	cat := testCatalog()
	cfg := DefaultCreator(cat)
	errs := FieldErrors{}
	ValidateCreator(&cfg, cat, "c", errs)
	if len(errs) != 0 {
		t.Fatalf("default design invalid: %v", errs)
	}
	if cfg.Parts["emitter"] != "arc" || cfg.Parts["grip"] != "ribbed" || cfg.Generator != "standard" || cfg.Button != "click-hold" {
		t.Errorf("not the first of each: %+v", cfg)
	}
	// The presets walk through the colours, lower-cased from the catalogue.
	if cfg.Presets[0].Color != "#ff1a1a" || cfg.Presets[1].Color != "#1e6bff" {
		t.Errorf("preset colours %q %q", cfg.Presets[0].Color, cfg.Presets[1].Color)
	}
	p := cfg.Presets[0]
	if p.Effect != "steady" || p.Ignition != "standard" || p.Retraction != "standard" || p.Sound != "classic" || p.Clash != "#ffffff" || p.White != 0 {
		t.Errorf("preset %+v", p)
	}
}

// TestDefaultCreatorRealCatalogue: the creator UI starts from this design,
// so it must be orderable with the shop's own catalogue.
func TestDefaultCreatorRealCatalogue(t *testing.T) {
	cat := catalogtest.Shop(t)
	cfg := DefaultCreator(cat)
	errs := FieldErrors{}
	ValidateCreator(&cfg, cat, "c", errs)
	if len(errs) != 0 {
		t.Fatalf("default design invalid for the real catalogue: %v", errs)
	}
	if len(cfg.Presets) != cat.Creator.Presets || len(cfg.Parts) != len(cat.Creator.Slots) {
		t.Errorf("%d presets, %d parts", len(cfg.Presets), len(cfg.Parts))
	}
	if cfg.Presets[0].Color == cfg.Presets[1].Color {
		t.Error("the default presets all look the same")
	}
}
