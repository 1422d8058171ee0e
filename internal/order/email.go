package order

// CheckEmail is the e-mail rule of the order form for the other forms
// (contact, notify-me): "" when s is a usable address, else the message key
// (KeyRequired, KeyTooLong or KeyEmailInvalid).
func CheckEmail(s string) string { return checkEmail(s) }

// CheckChars is the character rule of the order form for the other forms'
// one-line fields (the card holder's name, the contact form's name): "" when
// s is valid UTF-8 without a hidden character, else KeyCharsInvalid or
// KeyCharsInvisible (see inert.Hidden).
func CheckChars(s string) string { return hiddenChars(s) }
