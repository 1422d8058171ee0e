package content

// Legal is content/config.toml's [legal] table: choices of law the owner
// makes, with the risk written out in docs/legal.md.
type Legal struct {
	// CreatorReturnable: designs from the custom saber creator carry the
	// 14-day right of withdrawal. false (the default) reads them as goods
	// made to the consumer's specifications, excluded by Directive
	// 2011/83/EU art. 16(c) and the Polish consumer rights act art.
	// 38(1)(3); true follows the narrow reading of the Commission's 2021
	// guidance (2021/C 525/01, 5.11.2) for a choice among the trader's
	// standard options (docs/legal.md#withdrawal).
	CreatorReturnable bool
}

// readLegal reads [legal] (optional; every field has a default).
func readLegal(f *fields) Legal {
	t := f.Table("legal", false)
	l := Legal{CreatorReturnable: t.Bool("creator_returnable", false)}
	t.unknownFields()
	return l
}
