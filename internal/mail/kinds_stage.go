package mail

import (
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// StageReached tells a shopper who asked for it (order.StageEmails) that
// the build of order o reached production stage stage, with the updated
// ship estimate as of now and the link to the status page, where the
// e-mails are turned off again.
func StageReached(cat *catalog.Catalog, o *order.Order, statusURL, stage string, now time.Time) (*outbox.Message, error) {
	m, err := orderMessageWith(KindStageReached, cat, o, statusURL, func(d *orderData, f i18n.Format) {
		name := stage
		if s, _, ok := cat.Stage(stage); ok {
			name = localName(s.Names, o.Locale, stage)
		}
		d.Stage = oneLine(name)
		left, ready := o.ShipEstimate(cat.Production.Stages, now)
		d.ShipReady = left == 0
		d.ShipBy = f.FormatDate(ready)
	})
	if err != nil {
		return nil, err
	}
	m.About = stage // the desk names the stage in its list of the order's e-mails
	return m, nil
}
