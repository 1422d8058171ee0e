package order

// FieldErrors maps a request field ("email", "items.0.quantity",
// "items.1.creator.presets.2.color") to a message key. The API answers them
// as {"errors": {...}} and translates each key in the shopper's locale; the
// keys are stable, so clients may also translate them themselves.
type FieldErrors map[string]string

// Message keys of FieldErrors. Every key is in MessageKeys, which the API's
// tests use to check that each has a translation in every locale.
const (
	KeyRequired           = "required"                // empty or missing
	KeyTooLong            = "too_long"                // over the field's length limit
	KeyCharsInvalid       = "chars_invalid"           // invalid UTF-8
	KeyCharsInvisible     = "chars_invisible"         // a character that shows as nothing: control, bidi, zero-width (inert.Hidden)
	KeyEmailInvalid       = "email_invalid"           //
	KeyPhoneInvalid       = "phone_invalid"           // 7-15 digits, optional leading +, spaces - ( ) .
	KeyZipInvalid         = "zip_invalid"             // not a postal code of the chosen country
	KeyCountryUnknown     = "country_unknown"         // not a shipping country
	KeyMethodUnknown      = "delivery_method_unknown" // not a delivery method of the country
	KeyLockerTooBig       = "locker_too_big"          // the basket fits none of the carrier's lockers: courier only
	KeyPointRequired      = "point_required"          // a locker delivery without a locker chosen
	KeyPointClosed        = "point_closed"            // the locker closed (or no longer exists) since it was chosen
	KeyPointUnavailable   = "point_unavailable"       // the carrier cannot confirm the locker now: try again
	KeyPhoneMobile        = "phone_mobile"            // a locker delivery needs a mobile number the carrier can text
	KeyLocaleUnknown      = "locale_unknown"          //
	KeyTermsRequired      = "terms_required"          // terms not accepted
	KeyItemsRequired      = "items_required"          // empty cart
	KeyItemsTooMany       = "items_too_many"          // over MaxLines lines
	KeyItemAmbiguous      = "item_ambiguous"          // a line with both a product and a creator design, or neither
	KeyQuantityRange      = "quantity_range"          // quantity outside 1..MaxQuantity
	KeyProductUnknown     = "product_unknown"         //
	KeyProductNoPrice     = "product_no_price"        // no price in force now in the order's currency
	KeyVariantUnknown     = "variant_unknown"         // not a generator, or a variant on an accessory
	KeyPartUnknown        = "part_unknown"            // not a part of that slot, or no such slot
	KeyGeneratorUnknown   = "generator_unknown"
	KeyOptionUnknown      = "option_unknown"     // not in the creator's option group
	KeyColorInvalid       = "color_invalid"      // not #rrggbb
	KeyWhiteRange         = "white_range"        // white channel outside 0..255
	KeyPresetsCount       = "presets_count"      // not exactly the catalogue's number of presets
	KeyCodeUnknown        = "code_unknown"       // no such (or a disabled) discount code
	KeyCodeExpired        = "code_expired"       //
	KeyCodeUsedUp         = "code_used_up"       // usage limit reached
	KeyCodeBelowMinimum   = "code_below_minimum" // order value under the coupon minimum
	KeyCodeCurrency       = "code_currency"      // fixed-amount code of another currency
	KeyCodeAlreadyApplied = "code_already_applied"
	KeyCodeNotAllowed     = "code_not_allowed" // the order is past the point where a code can be added
	KeyVATIDInvalid       = "vat_id_invalid"   // not a Polish NIP (checksum) or an EU VAT number of its country's format
)

// MessageKeys lists every key a FieldErrors value can hold.
var MessageKeys = []string{
	KeyRequired, KeyTooLong, KeyCharsInvalid, KeyEmailInvalid, KeyPhoneInvalid,
	KeyZipInvalid, KeyCountryUnknown, KeyLocaleUnknown, KeyTermsRequired,
	KeyItemsRequired, KeyItemsTooMany, KeyItemAmbiguous, KeyQuantityRange,
	KeyProductUnknown, KeyProductNoPrice, KeyVariantUnknown, KeyPartUnknown,
	KeyGeneratorUnknown, KeyOptionUnknown, KeyColorInvalid, KeyWhiteRange,
	KeyPresetsCount, KeyCodeUnknown, KeyCodeExpired, KeyCodeUsedUp,
	KeyCodeBelowMinimum, KeyCodeCurrency, KeyCodeAlreadyApplied, KeyCodeNotAllowed,
	KeyCharsInvisible, KeyVATIDInvalid,
	KeyMethodUnknown, KeyLockerTooBig, KeyPointRequired, KeyPointClosed, KeyPointUnavailable, KeyPhoneMobile,
}
