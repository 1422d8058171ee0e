package desk

import (
	"sabershop/internal/backoffice"
	"sabershop/internal/buildsheet"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// ContractTypes are the answers of /admin/api the desk reads, by the name
// tools/tsgen gives them in desk/generated/desk.ts (docs/contract.md); the
// types they reach are named after their Go names unless listed here, and
// those the shop's files already declare (the order's customer, status,
// totals, timeline; the shop's company) are imported from there.
//
// The WebAuthn ceremonies' options (passkeys/begin, passkey/begin) are not
// here: they are go-webauthn's W3C structures, whose binary members marshal
// themselves as base64url, and desk/webauthn.ts reads them as plain JSON.
func ContractTypes() map[string]any {
	return map[string]any{
		"ErrorBody":         errorBody{},
		"Me":                me{},
		"AuditAnswer":       auditAnswer{},
		"AuditEntry":        owners.Entry{},
		"PasskeyInfo":       passkeyView{},
		"TOTPKey":           totpKey{},
		"OwnersAnswer":      ownersAnswer{},
		"OwnerInfo":         backoffice.OwnerInfo{},
		"TodayAnswer":       todayAnswer{},
		"OrderPage":         store.OrderPage{},
		"OrderSummary":      store.OrderSummary{},
		"OrderFilters":      filtersAnswer{},
		"Choice":            choice{},
		"DeskOrder":         deskOrder{},
		"DeskLine":          deskLine{},
		"DeskAttempt":       deskAttempt{},
		"DeskStage":         deskStage{},
		"DeskMail":          deskMail{},
		"DeskEvent":         deskEvent{},
		"EventText":         order.Description{},
		"OrderNote":         deskNote{},
		"Build":             buildsheet.Build{},
		"BuildPart":         buildsheet.Part{},
		"BuildRow":          buildsheet.Row{},
		"Named":             buildsheet.Name{},
		"OpenedMail":        openedMail{},
		"DeskDocument":      deskDocument{},
		"DocumentsAnswer":   documentsAnswer{},
		"MessagesAnswer":    messagesAnswer{},
		"ContactMessage":    store.Contact{},
		"CouponsAnswer":     couponsAnswer{},
		"Coupon":            order.Coupon{},
		"SubscribersAnswer": subscribersAnswer{},
		"Subscriber":        subscriberRow{},
		"SalePreview":       previewAnswer{},
		"SaleAnnounced":     announceAnswer{},
		"Erasure":           backoffice.Erasure{},
		"OwnerMailAnswer":   ownerMailAnswer{},
		"OwnerMailChoice":   orders.OwnerMailChoice{},
	}
}
