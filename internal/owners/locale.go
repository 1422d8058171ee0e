package owners

// Locales are the languages the owner reads the shop in (the desk, the
// owner's e-mails, the terminal's texts for the owner), the default
// first: the workshop is Polish, whatever language the site shows
// shoppers first. docs/decisions/e-mail.md.
var Locales = []string{"pl", "en", "de"}

// Locale is the owner's language: setting (ORDERD_OWNER_LOCALE) when it
// is one of Locales, else the default, Locales[0].
func Locale(setting string) string {
	for _, l := range Locales {
		if l == setting {
			return l
		}
	}
	return Locales[0]
}
