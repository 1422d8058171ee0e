package catalog

import (
	"slices"

	"sabershop/internal/shipping"
)

// BoxCreator is the Boxes key of a creator design (a whole saber, as a
// hilt is).
const BoxCreator = "creator"

// Box is the packed box of one unit of a product kind
// (content/data/deliveries.toml [boxes]), in centimetres and grams.
type Box struct {
	LengthCM int `json:"length_cm"`
	WidthCM  int `json:"width_cm"`
	HeightCM int `json:"height_cm"`
	WeightG  int `json:"weight_g"`
}

// sides are the box's three sides, longest first.
func (b Box) sides() [3]int {
	s := []int{b.LengthCM, b.WidthCM, b.HeightCM}
	slices.Sort(s)
	return [3]int{s[2], s[1], s[0]}
}

// LockerSize is a carrier's locker compartment (content/data/deliveries.toml
// [[locker_sizes]]): the largest parcel it takes.
type LockerSize struct {
	Carrier    string        `json:"carrier"`
	Size       shipping.Size `json:"size"`
	LengthCM   int           `json:"length_cm"`
	WidthCM    int           `json:"width_cm"`
	HeightCM   int           `json:"height_cm"`
	MaxWeightG int           `json:"max_weight_g"`
}

// Pack is the parcel of a basket: its boxes stacked flat, each lying on
// its largest face, so the parcel is as long and as wide as the longest
// and widest box and as high as the boxes' heights together. It is a rule
// of thumb that errs towards the bigger parcel (the owner may pack
// tighter), so a basket it fits into a locker does fit.
func Pack(boxes []Box) Box {
	var p Box
	for _, b := range boxes {
		s := b.sides()
		p.LengthCM = max(p.LengthCM, s[0])
		p.WidthCM = max(p.WidthCM, s[1])
		p.HeightCM += s[2]
		p.WeightG += b.WeightG
	}
	return p
}

// LockerFit is the smallest of carrier's locker compartments the parcel
// fits in (every side, turned as needed, and its weight); ok is false when
// none does (the basket goes by courier), and largest is then the biggest
// compartment, for the shopper's reason.
func (c *Catalog) LockerFit(carrier string, parcel Box) (fit LockerSize, largest LockerSize, ok bool) {
	p := parcel.sides()
	for _, s := range c.LockerSizes {
		if s.Carrier != carrier {
			continue
		}
		largest = s
		ls := Box{LengthCM: s.LengthCM, WidthCM: s.WidthCM, HeightCM: s.HeightCM}.sides()
		if !ok && p[0] <= ls[0] && p[1] <= ls[1] && p[2] <= ls[2] && parcel.WeightG <= s.MaxWeightG {
			fit, ok = s, true
		}
	}
	return fit, largest, ok
}

// BoxOf is the box of one unit of a product kind (BoxCreator for a
// creator design); ok is false for a kind without one, which the build
// refuses, so only a hand-made catalogue lacks it.
func (c *Catalog) BoxOf(kind string) (Box, bool) {
	b, ok := c.Boxes[kind]
	return b, ok
}
