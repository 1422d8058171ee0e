package order

// ParseID reads an order's number as the desk's paths and the owner's
// commands write it: decimal digits only, no sign, no leading zero, no
// space, greater than zero and within uint64. Anything else ("1abc",
// "0x1", "1.9", " 1", "-1", "01", a status hash) is not an order number,
// so a path that names one acts on exactly one order or on none (unlike
// fmt.Sscan, which reads "0x10" as 16 and ignores what follows a number).
func ParseID(s string) (uint64, bool) {
	if s == "" || s[0] == '0' || len(s) > 20 {
		return 0, false
	}
	var id uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		d := uint64(c - '0')
		if id > (1<<64-1-d)/10 {
			return 0, false // overflows uint64
		}
		id = id*10 + d
	}
	return id, true
}
