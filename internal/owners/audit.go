package owners

import "time"

// Entry is one line of the audit log: who did what, when, from where.
// What and Target are codes and ids the desk translates ("order.send",
// "#12"); Detail is free text an owner typed (a cancel reason), shown
// inert like everything typed.
type Entry struct {
	ID     uint64    `json:"id"` // the log's sequence
	At     time.Time `json:"at"`
	Owner  string    `json:"owner"` // account name; "terminal" for a command on the server
	IP     string    `json:"ip"`
	What   string    `json:"what"`
	Target string    `json:"target,omitempty"`
	Detail string    `json:"detail,omitempty"`
}
