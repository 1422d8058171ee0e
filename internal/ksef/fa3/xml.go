package fa3

import "encoding/xml"

// The structs below are the part of FA(3) the shop fills, their fields in
// the schema's order (encoding/xml writes them as declared): the schema's
// sequences are ordered, so the order is part of the format.

type faktura struct {
	XMLName  xml.Name `xml:"http://crd.gov.pl/wzor/2025/06/25/13775/ Faktura"`
	Naglowek naglowek `xml:"Naglowek"`
	Podmiot1 podmiot1 `xml:"Podmiot1"`
	Podmiot2 podmiot2 `xml:"Podmiot2"`
	Fa       fa       `xml:"Fa"`
}

type naglowek struct {
	KodFormularza     kodFormularza `xml:"KodFormularza"`
	WariantFormularza int           `xml:"WariantFormularza"`
	DataWytworzeniaFa string        `xml:"DataWytworzeniaFa"`
	SystemInfo        string        `xml:"SystemInfo,omitempty"`
}

type kodFormularza struct {
	KodSystemowy string `xml:"kodSystemowy,attr"`
	WersjaSchemy string `xml:"wersjaSchemy,attr"`
	Value        string `xml:",chardata"`
}

type adres struct {
	KodKraju string `xml:"KodKraju"`
	AdresL1  string `xml:"AdresL1"`
	AdresL2  string `xml:"AdresL2,omitempty"`
}

type podmiot1 struct {
	DaneIdentyfikacyjne dane1 `xml:"DaneIdentyfikacyjne"`
	Adres               adres `xml:"Adres"`
}

type dane1 struct {
	NIP   string `xml:"NIP"`
	Nazwa string `xml:"Nazwa"`
}

type podmiot2 struct {
	DaneIdentyfikacyjne dane2  `xml:"DaneIdentyfikacyjne"`
	Adres               *adres `xml:"Adres,omitempty"`
	JST                 int    `xml:"JST"`
	GV                  int    `xml:"GV"`
}

// dane2 is TPodmiot2: one of NIP, KodUE and NrVatUE, BrakID; then Nazwa.
type dane2 struct {
	NIP     string `xml:"NIP,omitempty"`
	KodUE   string `xml:"KodUE,omitempty"`
	NrVatUE string `xml:"NrVatUE,omitempty"`
	BrakID  int    `xml:"BrakID,omitempty"`
	Nazwa   string `xml:"Nazwa,omitempty"`
}

type fa struct {
	KodWaluty string `xml:"KodWaluty"`
	P_1       string `xml:"P_1"`
	P_1M      string `xml:"P_1M,omitempty"`
	P_2       string `xml:"P_2"`
	P_6       string `xml:"P_6,omitempty"`

	P_13_1   *amount `xml:"P_13_1,omitempty"`
	P_14_1   *amount `xml:"P_14_1,omitempty"`
	P_14_1W  *amount `xml:"P_14_1W,omitempty"`
	P_13_2   *amount `xml:"P_13_2,omitempty"`
	P_14_2   *amount `xml:"P_14_2,omitempty"`
	P_14_2W  *amount `xml:"P_14_2W,omitempty"`
	P_13_3   *amount `xml:"P_13_3,omitempty"`
	P_14_3   *amount `xml:"P_14_3,omitempty"`
	P_14_3W  *amount `xml:"P_14_3W,omitempty"`
	P_13_5   *amount `xml:"P_13_5,omitempty"`
	P_14_5   *amount `xml:"P_14_5,omitempty"`
	P_13_6_3 *amount `xml:"P_13_6_3,omitempty"`
	P_15     amount  `xml:"P_15"`

	Adnotacje         adnotacje          `xml:"Adnotacje"`
	RodzajFaktury     string             `xml:"RodzajFaktury"`
	PrzyczynaKorekty  string             `xml:"PrzyczynaKorekty,omitempty"`
	TypKorekty        int                `xml:"TypKorekty,omitempty"`
	DaneFaKorygowanej *daneFaKorygowanej `xml:"DaneFaKorygowanej,omitempty"`
	DodatkowyOpis     []kluczWartosc     `xml:"DodatkowyOpis,omitempty"`
	FaWiersz          []faWiersz         `xml:"FaWiersz"`
	Platnosc          *platnosc          `xml:"Platnosc,omitempty"`
}

type adnotacje struct {
	P_16                 int        `xml:"P_16"`
	P_17                 int        `xml:"P_17"`
	P_18                 int        `xml:"P_18"`
	P_18A                int        `xml:"P_18A"`
	Zwolnienie           zwolnienie `xml:"Zwolnienie"`
	NoweSrodkiTransportu noweSrodki `xml:"NoweSrodkiTransportu"`
	P_23                 int        `xml:"P_23"`
	PMarzy               pMarzy     `xml:"PMarzy"`
}

type zwolnienie struct {
	P_19N int `xml:"P_19N"`
}

type noweSrodki struct {
	P_22N int `xml:"P_22N"`
}

type pMarzy struct {
	P_PMarzyN int `xml:"P_PMarzyN"`
}

type daneFaKorygowanej struct {
	DataWystFaKorygowanej string `xml:"DataWystFaKorygowanej"`
	NrFaKorygowanej       string `xml:"NrFaKorygowanej"`
	NrKSeF                int    `xml:"NrKSeF,omitempty"`
	NrKSeFFaKorygowanej   string `xml:"NrKSeFFaKorygowanej,omitempty"`
	NrKSeFN               int    `xml:"NrKSeFN,omitempty"`
}

type kluczWartosc struct {
	Klucz   string `xml:"Klucz"`
	Wartosc string `xml:"Wartosc"`
}

type faWiersz struct {
	NrWierszaFa int    `xml:"NrWierszaFa"`
	P_7         string `xml:"P_7"`
	P_8A        string `xml:"P_8A"`
	P_8B        int    `xml:"P_8B"`
	P_9A        string `xml:"P_9A"`
	P_11        amount `xml:"P_11"`
	P_12        string `xml:"P_12,omitempty"`
	P_12_XII    string `xml:"P_12_XII,omitempty"`
	KursWaluty  string `xml:"KursWaluty,omitempty"`
}

type platnosc struct {
	Zaplacono   int    `xml:"Zaplacono"`
	DataZaplaty string `xml:"DataZaplaty"`
}
