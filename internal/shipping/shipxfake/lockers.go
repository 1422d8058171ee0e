package shipxfake

// The fake's lockers: invented codes in InPost's pattern (city prefix,
// number, M), on real streets with plausible postcodes and coordinates,
// in the six cities the tests and the sandbox search. Most are open
// around the clock; a few keep a shop's hours; KRA14M, WAW109M and
// GDA05M are out of service; KRA99M (by 30-363) is open until a test
// or the owner closes it (Close).

type pointAddress struct {
	Line1 string `json:"line1"`
	Line2 string `json:"line2"`
}

type pointDetails struct {
	City           string  `json:"city"`
	Province       string  `json:"province"`
	PostCode       string  `json:"post_code"`
	Street         string  `json:"street"`
	BuildingNumber string  `json:"building_number"`
	FlatNumber     *string `json:"flat_number"`
}

type location struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// point is a point as ShipX's points API shows it ("Points").
type point struct {
	Name                string       `json:"name"`
	Type                []string     `json:"type"`
	Status              string       `json:"status"`
	Location            location     `json:"location"`
	LocationType        string       `json:"location_type"`
	LocationDescription string       `json:"location_description"`
	OpeningHours        string       `json:"opening_hours"`
	Location247         bool         `json:"location_247"`
	Address             pointAddress `json:"address"`
	AddressDetails      pointDetails `json:"address_details"`
	Distance            *int         `json:"distance"`
}

var provinces = map[string]string{
	"Kraków": "małopolskie", "Warszawa": "mazowieckie", "Wrocław": "dolnośląskie",
	"Gdańsk": "pomorskie", "Poznań": "wielkopolskie", "Łódź": "łódzkie",
}

func lockers() []*point {
	type row struct {
		code, city, street, building, zip string
		lat, lon                          float64
		desc, hours                       string
		closed                            bool
	}
	rows := []row{
		{"KRA01M", "Kraków", "Rzemieślnicza", "1", "30-363", 50.0297, 19.9358, "przy sklepie Żabka", "", false},
		{"KRA02M", "Kraków", "Zakopiańska", "62", "30-418", 50.0218, 19.9302, "przy stacji paliw", "", false},
		{"KRA03M", "Kraków", "Brożka", "3", "30-347", 50.0336, 19.9205, "obok wejścia do marketu", "", false},
		{"KRA04M", "Kraków", "Kalwaryjska", "69", "30-504", 50.0387, 19.9448, "przy przystanku tramwajowym", "", false},
		{"KRA05M", "Kraków", "Wadowicka", "6", "30-415", 50.0342, 19.9337, "parking przed biurowcem", "pn-pt 7:00-20:00", false},
		{"KRA06M", "Kraków", "Długa", "72", "31-146", 50.0706, 19.9383, "w bramie kamienicy", "", false},
		{"KRA07M", "Kraków", "Lubicz", "17", "31-503", 50.0651, 19.9527, "przy galerii handlowej", "", false},
		{"KRA08M", "Kraków", "Karmelicka", "45", "31-128", 50.0687, 19.9301, "przy kiosku", "", false},
		{"KRA09M", "Kraków", "Mogilska", "40", "31-546", 50.0680, 19.9705, "parking marketu", "", false},
		{"KRA10M", "Kraków", "os. Centrum C", "7", "31-929", 50.0724, 20.0380, "Nowa Huta, przy placu", "", false},
		{"KRA11M", "Kraków", "Dobrego Pasterza", "120", "31-416", 50.0907, 19.9786, "przy stacji paliw", "", false},
		{"KRA12M", "Kraków", "Wielicka", "259", "30-663", 50.0125, 19.9985, "centrum handlowe, wejście B", "pn-sb 8:00-21:00", false},
		{"KRA13M", "Kraków", "Bobrzyńskiego", "29", "30-348", 50.0270, 19.9050, "Ruczaj, przy sklepie", "", false},
		{"KRA14M", "Kraków", "Starowiślna", "41", "31-038", 50.0560, 19.9440, "Kazimierz, w podwórzu", "", true},
		{"KRA15M", "Kraków", "Pawia", "5", "31-154", 50.0685, 19.9460, "dworzec, poziom -1", "", false},
		{"KRA16M", "Kraków", "Kamieńskiego", "11", "30-644", 50.0220, 19.9600, "przy centrum handlowym", "", false},
		{"KRA17M", "Kraków", "Pychowicka", "7", "30-364", 50.0280, 19.9060, "przy pętli autobusowej", "", false},
		{"KRA18M", "Kraków", "Krowoderska", "52", "31-158", 50.0730, 19.9350, "przy piekarni", "", false},
		{"KRA19M", "Kraków", "Rakowicka", "10", "31-511", 50.0670, 19.9550, "przy biurowcu", "", false},
		{"KRA20M", "Kraków", "Grzegórzecka", "21", "31-532", 50.0590, 19.9560, "przy rondzie", "", false},
		{"KRA99M", "Kraków", "Ceglarska", "2", "30-362", 50.0305, 19.9330, "przy piekarni, obok warsztatu", "", false},

		{"WAW101M", "Warszawa", "Marszałkowska", "104", "00-017", 52.2340, 21.0090, "przy wejściu do metra", "", false},
		{"WAW102M", "Warszawa", "Nowy Świat", "22", "00-373", 52.2330, 21.0190, "w pasażu", "", false},
		{"WAW103M", "Warszawa", "Złota", "59", "00-120", 52.2301, 21.0022, "parking centrum handlowego", "pn-nd 9:00-22:00", false},
		{"WAW104M", "Warszawa", "Grzybowska", "12", "00-132", 52.2365, 20.9980, "przy hotelu", "", false},
		{"WAW105M", "Warszawa", "Puławska", "17", "02-515", 52.2060, 21.0210, "przy sklepie Żabka", "", false},
		{"WAW106M", "Warszawa", "Grójecka", "65", "02-094", 52.2150, 20.9780, "przy przystanku", "", false},
		{"WAW107M", "Warszawa", "Wołoska", "12", "02-675", 52.1880, 21.0020, "parking biurowca", "", false},
		{"WAW108M", "Warszawa", "al. Niepodległości", "132", "02-554", 52.2030, 21.0100, "przy uczelni", "", false},
		{"WAW109M", "Warszawa", "Racławicka", "99", "02-634", 52.1960, 20.9990, "przy stacji paliw", "", true},
		{"WAW110M", "Warszawa", "Żelazna", "41", "00-871", 52.2330, 20.9930, "w podwórzu", "", false},
		{"WAW111M", "Warszawa", "Targowa", "72", "03-734", 52.2540, 21.0350, "Praga, przy bazarze", "", false},
		{"WAW112M", "Warszawa", "Wspólna", "61", "00-687", 52.2270, 21.0120, "przy kawiarni", "", false},
		{"WAW123M", "Warszawa", "Chmielna", "73", "00-801", 52.2290, 21.0000, "przy kawiarni", "", false},

		{"WRO01M", "Wrocław", "Świdnicka", "40", "50-024", 51.1050, 17.0300, "w pasażu", "", false},
		{"WRO02M", "Wrocław", "Legnicka", "58", "54-204", 51.1190, 16.9900, "parking centrum handlowego", "", false},
		{"WRO03M", "Wrocław", "pl. Grunwaldzki", "22", "50-363", 51.1120, 17.0600, "przy akademiku", "", false},
		{"WRO04M", "Wrocław", "Powstańców Śląskich", "95", "53-332", 51.0920, 17.0180, "przy biurowcu", "", false},
		{"WRO05M", "Wrocław", "Kościuszki", "52", "50-011", 51.1020, 17.0390, "w sklepie", "pn-sb 6:00-23:00", false},
		{"WRO06M", "Wrocław", "Jedności Narodowej", "120", "50-301", 51.1220, 17.0500, "przy przystanku", "", false},
		{"WRO07M", "Wrocław", "Krzywoustego", "126", "51-421", 51.1330, 17.0880, "przy stacji paliw", "", false},

		{"GDA01M", "Gdańsk", "Długa", "47", "80-831", 54.3490, 18.6520, "wejście od podwórza", "", false},
		{"GDA02M", "Gdańsk", "Grunwaldzka", "141", "80-264", 54.3800, 18.6040, "przy galerii", "", false},
		{"GDA03M", "Gdańsk", "Kartuska", "120", "80-135", 54.3420, 18.6200, "przy sklepie", "", false},
		{"GDA04M", "Gdańsk", "Chłopska", "3", "80-362", 54.4050, 18.5900, "Przymorze, parking", "", false},
		{"GDA05M", "Gdańsk", "Wały Piastowskie", "1", "80-855", 54.3560, 18.6460, "w biurowcu", "pn-pt 8:00-18:00", true},
		{"GDA06M", "Gdańsk", "Jana Pawła II", "5", "80-462", 54.4000, 18.6200, "przy przystanku", "", false},
		{"GDA07M", "Gdańsk", "Słowackiego", "19", "80-257", 54.3830, 18.5980, "przy stacji paliw", "", false},

		{"POZ01M", "Poznań", "Półwiejska", "32", "61-888", 52.4010, 16.9270, "centrum handlowe, parter", "pn-sb 9:00-21:00", false},
		{"POZ02M", "Poznań", "Głogowska", "74", "60-263", 52.3980, 16.9000, "przy sklepie", "", false},
		{"POZ03M", "Poznań", "os. Piastowskie", "80", "61-160", 52.3960, 16.9580, "przy pawilonie", "", false},
		{"POZ04M", "Poznań", "Dąbrowskiego", "40", "60-840", 52.4130, 16.9100, "przy aptece", "", false},
		{"POZ05M", "Poznań", "Garbary", "48", "61-869", 52.4050, 16.9370, "przy parkingu", "", false},
		{"POZ06M", "Poznań", "Hetmańska", "91", "60-218", 52.3880, 16.8970, "przy stacji paliw", "", false},

		{"LOD01M", "Łódź", "Piotrkowska", "120", "90-006", 51.7640, 19.4570, "w bramie", "", false},
		{"LOD02M", "Łódź", "Kopernika", "38", "90-552", 51.7600, 19.4430, "przy sklepie", "", false},
		{"LOD03M", "Łódź", "al. Piłsudskiego", "15", "90-368", 51.7600, 19.4800, "parking galerii", "", false},
		{"LOD04M", "Łódź", "Zgierska", "61", "91-446", 51.7920, 19.4520, "przy przystanku", "", false},
		{"LOD05M", "Łódź", "Rzgowska", "45", "93-172", 51.7410, 19.4710, "przy stacji paliw", "", false},
		{"LOD06M", "Łódź", "Narutowicza", "7", "90-117", 51.7700, 19.4600, "przy uczelni", "", false},
	}
	out := make([]*point, 0, len(rows))
	for _, r := range rows {
		p := &point{
			Name:                r.code,
			Type:                []string{"parcel_locker"},
			Status:              "Operating",
			Location:            location{Latitude: r.lat, Longitude: r.lon},
			LocationType:        "Outdoor",
			LocationDescription: r.desc,
			OpeningHours:        r.hours,
			Location247:         r.hours == "",
			Address:             pointAddress{Line1: r.street + " " + r.building, Line2: r.zip + " " + r.city},
			AddressDetails: pointDetails{City: r.city, Province: provinces[r.city], PostCode: r.zip,
				Street: r.street, BuildingNumber: r.building},
		}
		if r.hours == "" {
			p.OpeningHours = "24/7"
		}
		if r.closed {
			p.Status = "NonOperating"
		}
		out = append(out, p)
	}
	return out
}

// centroids is where a postcode's area is, by its first three
// characters ("30-3") or, failing that, its first two ("30"): enough to
// order the fake's lockers as ShipX's relative_post_code does.
var centroids = map[string]location{
	"30-3": {50.0300, 19.9300}, "30-4": {50.0250, 19.9320}, "30-5": {50.0420, 19.9500},
	"30-6": {50.0150, 19.9800}, "31-0": {50.0580, 19.9400}, "31-1": {50.0700, 19.9350},
	"31-4": {50.0900, 19.9750}, "31-5": {50.0650, 19.9650}, "31-9": {50.0730, 20.0350},
	"02-5": {52.2060, 21.0190}, "02-6": {52.1900, 21.0000}, "00-1": {52.2330, 21.0000},
	"30": {50.0614, 19.9366}, "31": {50.0614, 19.9366},
	"00": {52.2320, 21.0060}, "01": {52.2500, 20.9700}, "02": {52.2000, 21.0000}, "03": {52.2550, 21.0400},
	"50": {51.1080, 17.0380}, "51": {51.1300, 17.0800}, "53": {51.0950, 17.0100}, "54": {51.1200, 16.9800},
	"80": {54.3520, 18.6466}, "60": {52.4000, 16.9000}, "61": {52.4064, 16.9400},
	"90": {51.7592, 19.4560}, "91": {51.7900, 19.4500}, "93": {51.7400, 19.4700},
}
