package order

// CheckEmail is the e-mail rule of the order form for the other forms
// (contact, notify-me): "" when s is a usable address, else the message key
// (KeyRequired, KeyTooLong or KeyEmailInvalid).
func CheckEmail(s string) string { return checkEmail(s) }
