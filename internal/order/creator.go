package order

import (
	"regexp"
	"strconv"
	"strings"

	"sabershop/internal/catalog"
)

// Option groups of the catalogue's creator section.
const (
	GroupColors    = "colors"
	GroupEffects   = "effects"
	GroupIgnitions = "ignitions" // ignition and retraction
	GroupSounds    = "sounds"
	GroupButtons   = "buttons"
)

// hexColor is the only colour form stored: the blade firmware takes RGB
// bytes, and one spelling keeps build sheets comparable. Normalize
// lower-cases, so upper-case input passes.
var hexColor = regexp.MustCompile(`^#[0-9a-f]{6}$`)

// ValidateCreator checks a creator design against the catalogue, writing
// problems under prefix ("items.0.creator"): a known part for every slot,
// a generator, a button behaviour and exactly the catalogue's number of
// presets, each with valid colours and known options. It is exported for
// the creator's own endpoint and tests; Validate calls it for every design.
//
// A part for a slot the catalogue lacks is reported on prefix+".parts",
// not under the slot's name: field names should not echo arbitrary input.
func ValidateCreator(cfg *CreatorConfig, cat *catalog.Catalog, prefix string, errs FieldErrors) {
	if cfg == nil {
		errs[prefix] = KeyRequired
		return
	}
	for _, slot := range cat.Creator.Slots {
		field := prefix + ".parts." + slot.ID
		id := cfg.Parts[slot.ID]
		if id == "" {
			errs[field] = KeyRequired
		} else if _, ok := slot.Part(id); !ok {
			errs[field] = KeyPartUnknown
		}
	}
	for slot := range cfg.Parts {
		if _, ok := cat.Slot(slot); !ok {
			errs[prefix+".parts"] = KeyPartUnknown
			break
		}
	}
	if k := checkID(cfg.Generator, func(id string) bool { _, ok := cat.Generator(id); return ok }, KeyGeneratorUnknown); k != "" {
		errs[prefix+".generator"] = k
	}
	if k := checkOption(cat, GroupButtons, cfg.Button); k != "" {
		errs[prefix+".button"] = k
	}
	if len(cfg.Presets) != cat.Creator.Presets {
		errs[prefix+".presets"] = KeyPresetsCount
	}
	for m, p := range cfg.Presets {
		if m >= cat.Creator.Presets {
			break // beyond the count, already reported
		}
		validatePreset(p, cat, prefix+".presets."+strconv.Itoa(m), errs)
	}
}

func validatePreset(p Preset, cat *catalog.Catalog, prefix string, errs FieldErrors) {
	set := func(field, key string) {
		if key != "" {
			errs[prefix+"."+field] = key
		}
	}
	set("color", checkColor(p.Color))
	if p.White < 0 || p.White > 255 {
		set("white", KeyWhiteRange)
	}
	set("effect", checkOption(cat, GroupEffects, p.Effect))
	set("ignition", checkOption(cat, GroupIgnitions, p.Ignition))
	set("retraction", checkOption(cat, GroupIgnitions, p.Retraction))
	set("sound", checkOption(cat, GroupSounds, p.Sound))
	set("clash", checkColor(p.Clash))
}

func checkColor(s string) string {
	switch {
	case s == "":
		return KeyRequired
	case !hexColor.MatchString(s):
		return KeyColorInvalid
	}
	return ""
}

func checkOption(cat *catalog.Catalog, group, id string) string {
	return checkID(id, func(id string) bool { _, ok := cat.Option(group, id); return ok }, KeyOptionUnknown)
}

func checkID(id string, exists func(string) bool, unknown string) string {
	switch {
	case id == "":
		return KeyRequired
	case !exists(id):
		return unknown
	}
	return ""
}

// DefaultCreator is the design the creator starts from: the first part of
// every slot, the first generator and button behaviour, and presets that
// walk through the catalogue's colours (so the presets differ from one
// another) with the first effect, ignition, retraction and sound and a
// white clash flash. For the shop's catalogue it passes ValidateCreator.
func DefaultCreator(cat *catalog.Catalog) CreatorConfig {
	cr := cat.Creator
	cfg := CreatorConfig{Parts: map[string]string{}}
	for _, s := range cr.Slots {
		if len(s.Options) > 0 {
			cfg.Parts[s.ID] = s.Options[0].ID
		}
	}
	if len(cr.Generators) > 0 {
		cfg.Generator = cr.Generators[0].ID
	}
	cfg.Button = firstOption(cat, GroupButtons)
	colors := cr.Options[GroupColors]
	for i := 0; i < cr.Presets; i++ {
		p := Preset{
			Color:      "#ffffff",
			Effect:     firstOption(cat, GroupEffects),
			Ignition:   firstOption(cat, GroupIgnitions),
			Retraction: firstOption(cat, GroupIgnitions),
			Sound:      firstOption(cat, GroupSounds),
			Clash:      "#ffffff",
		}
		if len(colors) > 0 {
			if hex := strings.ToLower(colors[i%len(colors)].Hex); hexColor.MatchString(hex) {
				p.Color = hex
			}
		}
		cfg.Presets = append(cfg.Presets, p)
	}
	return cfg
}

func firstOption(cat *catalog.Catalog, group string) string {
	if opts := cat.Creator.Options[group]; len(opts) > 0 {
		return opts[0].ID
	}
	return ""
}
