// Package paypal is the PayPal adapter (Orders v2) of payment.Provider and
// payment.Returner: create an order, send the shopper to PayPal's approval
// page, capture the order server-side when the browser comes back (or when
// PayPal tells us it was approved), and verify webhooks with PayPal's
// certificate-based signature. paypaltest is a local fake of the same
// contract for tests.
//
// What PayPal's documentation says (as found with the search tool):
//
//   - Token: POST /v1/oauth2/token with HTTP Basic client_id:secret and the
//     form body grant_type=client_credentials answers access_token,
//     token_type "Bearer" and expires_in (seconds; 32398 in a sample).
//     https://developer.paypal.com/api/rest/authentication/
//     https://developer.paypal.com/reference/get-an-access-token
//   - Create: POST /v2/checkout/orders with intent CAPTURE, purchase_units
//     [{reference_id, amount{currency_code, value "100.00"}}] and
//     payment_source.paypal.experience_context {brand_name, locale "en-US",
//     landing_page, user_action PAY_NOW, return_url, cancel_url}; the older
//     top-level application_context carries the same return/cancel URLs.
//     https://raw.githubusercontent.com/api-evangelist/paypal/refs/heads/main/examples/paypal-orderscreate-example.json
//     https://developer.paypal.com/api/rest/integration/orders-api/api-use-cases/standard.md
//     https://hexdocs.pm/paypal/Paypal.Order.ExperienceContext.html
//     Captures carry custom_id and invoice_id back:
//     https://hexdocs.pm/paypal/Paypal.Payment.Captured.html
//   - Idempotency: the PayPal-Request-Id header; a repeated id returns the
//     latest state of the first request instead of acting again; two
//     simultaneous requests with one id may fail the second.
//     https://developer.paypal.com/reference/guidelines/idempotency.md
//   - Order statuses CREATED, SAVED, APPROVED, VOIDED, COMPLETED,
//     PAYER_ACTION_REQUIRED:
//     https://developer.paypal.com/braintree/graphql/reference/types/pay-pal-order-status.md
//     Capture errors are 422 UNPROCESSABLE_ENTITY with details[].issue:
//     https://schemas.apis.io/schemas/paypal/paypal-orderscapture-422/
//     https://developer.paypal.com/api/rest/troubleshooting/rest_unprocessable_entity/
//   - Webhooks: headers PAYPAL-TRANSMISSION-ID, PAYPAL-TRANSMISSION-TIME
//     (Internet date-time), PAYPAL-TRANSMISSION-SIG, PAYPAL-CERT-URL,
//     PAYPAL-AUTH-ALGO ("SHA256withRSA" in a sample); the webhook id is the
//     id of the webhook as configured in the developer portal (not the
//     event's id); the signed message is
//     transmission_id|transmission_time|webhook_id|crc32(raw body); the
//     certificate is downloaded from PAYPAL-CERT-URL (sandbox sample:
//     https://api.sandbox.paypal.com/v1/notifications/certs/CERT-...).
//     https://developer.paypal.com/api/webhooks/v1/definitions/verify_webhook_signature
//     https://stackoverflow.com/questions/62870568/how-to-verify-a-paypal-webhook-notification-diy-style-without-using-paypal-sdk/62870569
//     https://hookdeck.com/webhooks/platforms/how-to-secure-and-verify-paypal-webhooks-with-hookdeck
//     http://alborangolf.evoragolf.com/vendor/paypal/rest-api-sdk-php/sample/notifications/ValidateWebhookEvent.php
//   - Refunds: POST /v2/payments/captures/{capture_id}/refund, an empty
//     body for everything or {"amount": {"value", "currency_code"}} and
//     note_to_payer; PayPal-Request-Id for idempotency (kept 45 days);
//     the answer's status is COMPLETED, PENDING, FAILED or CANCELLED;
//     refusals are 422 with issues REFUND_AMOUNT_EXCEEDED,
//     CAPTURE_FULLY_REFUNDED, PENDING_CAPTURE, REFUND_NOT_ALLOWED,
//     REFUND_FAILED_INSUFFICIENT_FUNDS.
//     https://developer.paypal.com/checkout/manage-payment
//     https://developer.paypal.com/sdk/payment/v2/captures-refund
//     https://developer.paypal.com/api/payments/v2/errors/refund_amount_exceeded
//     https://developer.paypal.com/api/payments/v2/errors/pending_capture
//
// Not confirmed by what I could read, and what this package assumes:
//
//   - The CRC32 is IEEE, written as an unsigned decimal (PHP's crc32 in the
//     Stack Overflow answer is; the official page was not in the corpus).
//   - The signature is RSA PKCS#1 v1.5 over SHA-256 of that message,
//     base64 (std) encoded; only SHA256withRSA is accepted.
//   - The certificate URL serves PEM, leaf first, possibly followed by
//     intermediates; it chains to a root in Config.RootCAs (nil: system).
//     The subject is not pinned: its exact name was not documented.
//   - Certificate hosts: production https://api.paypal.com/ and
//     https://api-m.paypal.com/, sandbox https://api.sandbox.paypal.com/
//     and https://api-m.sandbox.paypal.com/ (only the sandbox api. host is
//     seen in a sample); the allow-list is configuration.
//   - Whether a webhook retry is re-signed with a new transmission time is
//     not documented. Transmission times more than MaxSkew (default 10
//     minutes) from now are refused as replays; if PayPal kept the old
//     time on retries, late retries are refused and the order is still
//     settled by Query when the shopper returns, or by the Return capture.
//   - The approval link is rel "payer-action" (payment_source) or
//     "approve" (application_context); both are accepted.
//   - The order id in PayPal's redirect back is the "token" query
//     parameter, with PayerID beside it.
//   - Error issues ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED,
//     INSTRUMENT_DECLINED and TRANSACTION_REFUSED keep these names.
//   - A capture event's resource is the capture: status, amount, custom_id,
//     invoice_id and supplementary_data.related_ids.order_id.
//   - Amounts are sent with exactly two decimals; zero-decimal currencies
//     (HUF, JPY, TWD) are refused rather than guessed.
//
// Decisions:
//
//   - custom_id, invoice_id and reference_id are the order hash. The
//     order hash in a result always comes from PayPal's answer, never from
//     the browser's ?order=; a mismatch is an error.
//   - invoice_id = hash lets PayPal refuse a second payment of one order
//     (DUPLICATE_INVOICE_ID when the account blocks duplicate invoices).
//   - Capture uses PayPal-Request-Id "capture-<order id>", so a reload of
//     the return page, a second tab, and the CHECKOUT.ORDER.APPROVED
//     webhook all end up with the one capture; ORDER_ALREADY_CAPTURED is
//     answered by reading the order.
//   - CHECKOUT.ORDER.APPROVED is captured server-side: a shopper who
//     approves and closes the tab has still paid.
//   - Events that do not change a payment's state (refunds, reversals,
//     other types) give a Notification with an empty Status, which the API
//     ignores; refunds are the owner's business.
//   - Query does not capture: APPROVED is StatusPending (the capture
//     follows from Return or the webhook), CREATED/PAYER_ACTION_REQUIRED
//     say nothing (empty Status), VOIDED is StatusFailed.
//   - shipping_preference NO_SHIPPING: the shop has its own address form.
package paypal
