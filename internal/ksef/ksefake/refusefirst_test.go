package ksefake_test

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"testing"
	"time"

	"sabershop/internal/ksef"
	"sabershop/internal/ksef/ksefake"
	"sabershop/internal/ksef/schema"
)

// RefuseFirst, the sandbox's refusal on demand: the first submission of
// each invoice whose XML holds the marker is refused with the given
// status; the same invoice sent again is accepted; another invoice with
// the marker is refused once too, and invoices without it pass.
func TestRefuseFirst(t *testing.T) {
	if !schema.Available() {
		t.Fatal("xmllint is not installed: make test-deps installs libxml2-utils")
	}
	f, err := ksefake.New()
	if err != nil {
		t.Fatal(err)
	}
	f.RequireSchema = true
	f.ProcessDelay = 10 * time.Millisecond
	const nip, token = "5265877635", "tok"
	f.AddToken(nip, token)
	f.RefuseFirst("KSeF-ODMOWA", 450, "Błąd weryfikacji semantyki dokumentu faktury")
	c := &ksef.Client{BaseURL: ksef.BaseURL(ksef.Test), HTTP: &http.Client{Transport: f.Client().Transport, Timeout: 10 * time.Second},
		NIP: nip, Token: token}
	ctx := context.Background()
	s, err := c.Open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	xml := func(number, buyer string) []byte {
		b, err := os.ReadFile("../testdata/fa3-minimal.xml")
		if err != nil {
			t.Fatal(err)
		}
		b = bytes.Replace(b, []byte("<P_2>FV/2026/02/0001</P_2>"), []byte("<P_2>"+number+"</P_2>"), 1)
		return bytes.Replace(b, []byte("<Nazwa>Klient sp. z o.o.</Nazwa>"), []byte("<Nazwa>"+buyer+"</Nazwa>"), 1)
	}
	verdict := func(doc []byte) ksef.Status {
		t.Helper()
		ref, err := s.Send(ctx, doc)
		if err != nil {
			t.Fatalf("send: %v", err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			st, err := c.InvoiceStatus(ctx, s.Ref(), ref)
			if err != nil {
				t.Fatalf("status: %v", err)
			}
			if st.Done() {
				return st
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Fatal("no verdict")
		return ksef.Status{}
	}
	marked := "Kuźnia KSeF-ODMOWA sp. z o.o."
	if st := verdict(xml("FV/2027/0001", marked)); st.Code != 450 || st.Description != "Błąd weryfikacji semantyki dokumentu faktury" {
		t.Errorf("first submission: %+v, want 450", st)
	}
	if st := verdict(xml("FV/2027/0002", "Klient sp. z o.o.")); !st.OK() {
		t.Errorf("an invoice without the marker: %+v", st)
	}
	if st := verdict(xml("FV/2027/0001", marked)); !st.OK() || st.KSeFNumber == "" {
		t.Errorf("sent again: %+v, want accepted", st)
	}
	if st := verdict(xml("FV/2027/0003", marked)); st.Code != 450 {
		t.Errorf("another invoice with the marker: %+v, want 450 the first time", st)
	}
	if st := verdict(xml("FV/2027/0003", marked)); !st.OK() {
		t.Errorf("that one sent again: %+v", st)
	}
}
