// Package tpay is the payment.Provider for Tpay's Open API: card payments
// with card data encrypted in the browser (3-D Secure when the issuer asks),
// bank transfer / BLIK on Tpay's hosted page, and notifications verified by
// their detached JWS signature and md5sum.
//
// What Tpay's documentation says (read through the search tool; the URLs it
// gave):
//
//   - Environments (https://docs-api.tpay.com/en/first-steps/environments/):
//     API https://api.tpay.com, sandbox https://openapi.sandbox.tpay.com;
//     transactional panel (payment pages, certificates) https://secure.tpay.com
//     and https://secure.sandbox.tpay.com. Sandbox card outcomes depend on
//     the amount's last digit: 1 accepted without 3-D Secure, 3 successful
//     3-D Secure, 5 failed 3-D Secure, 6 declined, anything else the 3-D
//     Secure challenge screen; only the listed test card numbers work.
//   - Authorization (https://docs-api.tpay.com/first-steps/authorization,
//     https://api.tpay.com): POST /oauth/auth, application/x-www-form-
//     urlencoded client_id + client_secret, answer access_token and
//     expires_in; "valid until expires_in + current timestamp"; sent as
//     "Authorization: Bearer <token>".
//   - Create (https://docs-api.tpay.com/en/first-steps/first-transaction):
//     POST /transactions with amount (a decimal number, "in PLN"),
//     description, hiddenDescription, lang, payer {email, name}, callbacks
//     {payerUrls {success, error}, notification {url}}, pay {groupId}; the
//     answer has result "success", status "pending", transactionId, title
//     ("TR-..."), currency "PLN" and transactionPaymentUrl (the hosted page).
//   - Cards (https://docs-api.tpay.com/en/payment-methods/cards): group 103;
//     Visa and Mastercard only; PLN, other currencies only with the Elavon
//     acquirer (https://docs-api.tpay.com/en/multicurrency/: "only for card
//     payments"). Pay: POST /transactions/{transactionId}/pay with groupId
//     103 and cardPaymentData {card: <encrypted blob>} (field names from
//     Tpay's PHP library tpay-com/tpay-openapi-php, RequestBody/Pay.php and
//     Transactions/CardPaymentData.php; its CardGate.php example reads the
//     answer: status "correct" = paid without 3-D Secure,
//     transactionPaymentUrl = the 3-D Secure page, result "failure" or
//     neither = the card was refused).
//   - Card encryption (Tpay's own card forms, e.g. the PHP libraries' card
//     scripts): the published key is base64 of a PEM public key; the browser
//     base64-decodes it and encrypts "number|expiry|cvc|document.location.
//     origin" with jsencrypt (RSA PKCS#1 v1.5, base64 output).
//   - Notifications (https://docs-api.tpay.com/webhooks, https://support.
//     tpay.com/faq/jak-odebrac-powiadomienie-post-o-platnosci): a form POST
//     with id, tr_id, tr_date, tr_crc, tr_amount, tr_paid, tr_desc,
//     tr_status, tr_error, tr_email, test_mode, md5sum; header
//     X-JWS-Signature = detached JWS (RS256) whose protected header's x5u
//     must start with https://secure.tpay.com (sandbox
//     https://secure.sandbox.tpay.com, per the PHP library's
//     JWSVerifiedPaymentNotification.php); the certificate at x5u must be
//     signed by Tpay's root https://secure.tpay.com/x509/tpay-jws-root.pem;
//     the signature covers header + "." + base64url(raw body). md5sum =
//     md5(id + tr_id + tr_amount + tr_crc + security code) (the library
//     formats tr_amount with two decimals first). Answer exactly "TRUE";
//     anything else makes Tpay retry. tr_status TRUE with tr_error "none" is
//     a correct payment; FALSE with tr_error overpay/surcharge is an over- or
//     underpayment awaiting the merchant (https://support.tpay.com/en/
//     developer/faq/jakie-statusy-moga-przyjac-powiadomienia-post-o-
//     platnosciach).
//   - Refunds (https://docs-api.tpay.com/refunds; the PHP library's
//     TransactionsApi.php createRefundByTransactionId and
//     RequestBody/Refund.php): POST /transactions/{transactionId}/refunds,
//     an empty body for everything (the transaction's status becomes
//     "refund") or {"amount": 100.15} in PLN for a part (the status stays,
//     even when the parts reach the whole); the money is taken from the
//     merchant's balance when the request is accepted; PayPal-funded Tpay
//     payments cannot be refunded.
//
// What could not be confirmed, and what this package assumes:
//
//   - The refund answer: read for result and requestId (kept as the
//     refund's reference); any 4xx (unknown transaction, amount above what
//     is left, balance) is a refusal, 5xx and network errors are Tpay
//     being unavailable. Tpay's error codes for refunds were not found;
//     tpaytest uses its own (amount_exceeded, transaction_not_paid, ...).
//   - The exact /pay answer for a refused card: treated as declined when
//     result is "failure", status is "declined", Tpay answers 400 to the
//     pay request, or the answer has neither status "correct" nor a
//     transactionPaymentUrl.
//   - hiddenDescription comes back as tr_crc (what Tpay's libraries and
//     plugins rely on); it carries the order hash.
//   - GET /transactions/{id} status values: "correct" and "paid" are paid,
//     "pending" is pending, anything else ("refund", "chargeback", "error",
//     "expired", ...) is failed.
//   - tr_status "PAID" (named in our brief, not seen in Tpay's pages) is
//     treated like TRUE; "CHARGEBACK" (a refund) becomes StatusFailed, so
//     the order never turns paid from it and Tpay still gets its TRUE.
//   - Notifications carry no currency; this adapter creates PLN
//     transactions only, so a notification's currency is PLN.
//   - The notification's tr_id is the transaction's title ("TR-..."), not
//     the transactionId Start returns as Reference; the notification names
//     the order by tr_crc (the order hash), which is what the API matches.
//   - Description length: cut to 128 characters (Tpay's limit not found).
//
// Card data is never decoded, stored or logged here: the encrypted blob is
// put into the pay request and dropped; logs carry transaction ids and order
// ids only (order hashes are keys to the status page, so they stay out too).
package tpay
