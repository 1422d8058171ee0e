package ksef

import (
	"strconv"
	"strings"
)

// statusExplained say, per language, what each invoice status code means and
// what the owner does about it. The codes are the ones KSeF gives an
// invoice sent in a session (GET /sessions/{referenceNumber}/invoices/
// {invoiceReferenceNumber}, InvoiceStatusInfo.code) as its API
// documentation lists them (ksef-docs open-api.json,
// SessionInvoiceStatusResponse.status; the Polish descriptions are KSeF's
// own), and 0, the shop's: a document it could not build or send, with
// the reason it recorded.
var statusExplained = map[int]map[string]string{
	0: { // the shop's own: it could not build or send the document
		"pl": "Sklep nie zdołał przygotować faktury albo wysłać jej do KSeF, więc KSeF jej nie otrzymał. Przyczynę podaje opis poniżej – najczęściej są to brakujące lub błędne dane (nabywcy albo sprzedawcy), nieważny token KSeF lub brak połączenia z KSeF. Usuń przyczynę i wyślij fakturę ponownie.",
		"en": "The shop could not build the invoice or send it to KSeF, so KSeF never received it. The reason below says why – most often missing or wrong data (the buyer's or the seller's), an invalid KSeF token, or no connection to KSeF. Fix the cause and send the invoice again.",
		"de": "Der Shop konnte die Rechnung nicht erstellen oder nicht an KSeF senden; KSeF hat sie also nie erhalten. Warum, steht unten – meist fehlende oder falsche Daten (des Käufers oder des Verkäufers), ein ungültiges KSeF-Token oder keine Verbindung zu KSeF. Behebe die Ursache und sende die Rechnung erneut.",
	},
	100: { // Faktura przyjęta do dalszego przetwarzania
		"pl": "KSeF przyjął fakturę do dalszego przetwarzania (kod 100). Nic nie trzeba robić: numer KSeF zostanie nadany za chwilę.",
		"en": "KSeF has taken the invoice in for processing (code 100). Nothing to do: the KSeF number follows shortly.",
		"de": "KSeF hat die Rechnung zur weiteren Verarbeitung angenommen (Code 100). Nichts zu tun: Die KSeF-Nummer folgt in Kürze.",
	},
	150: { // Trwa przetwarzanie
		"pl": "KSeF wciąż przetwarza fakturę (kod 150). Nic nie trzeba robić: sklep sprawdzi jej stan ponownie.",
		"en": "KSeF is still processing the invoice (code 150). Nothing to do: the shop checks its status again.",
		"de": "KSeF verarbeitet die Rechnung noch (Code 150). Nichts zu tun: Der Shop fragt ihren Status erneut ab.",
	},
	200: { // Sukces
		"pl": "KSeF przyjął fakturę i nadał jej numer KSeF (kod 200). Nic nie trzeba robić: sklep wyśle ją nabywcy.",
		"en": "KSeF has accepted the invoice and given it its KSeF number (code 200). Nothing to do: the shop sends it to the buyer.",
		"de": "KSeF hat die Rechnung angenommen und ihr eine KSeF-Nummer vergeben (Code 200). Nichts zu tun: Der Shop schickt sie dem Käufer.",
	},
	405: { // Przetwarzanie anulowane z powodu błędu sesji
		"pl": "KSeF przerwał przetwarzanie faktury z powodu błędu sesji, w której ją wysłano (kod 405); sama faktura może być poprawna. Wyślij ją ponownie – trafi do nowej sesji.",
		"en": "KSeF stopped processing the invoice because of an error in the session it was sent in (code 405); the invoice itself may well be fine. Send it again: it goes in a new session.",
		"de": "KSeF hat die Verarbeitung wegen eines Fehlers der Sitzung abgebrochen, in der die Rechnung gesendet wurde (Code 405); die Rechnung selbst kann durchaus in Ordnung sein. Sende sie erneut – sie geht in einer neuen Sitzung.",
	},
	410: { // Nieprawidłowy zakres uprawnień
		"pl": "Token KSeF, którym sklep się loguje, nie ma uprawnienia do wystawiania faktur w imieniu sprzedawcy (kod 410: nieprawidłowy zakres uprawnień). Wygeneruj w KSeF token z uprawnieniem do wystawiania faktur dla NIP-u firmy, wpisz go w ustawieniach sklepu i wyślij fakturę ponownie.",
		"en": "The KSeF token the shop signs in with has no permission to issue invoices for the seller (code 410: wrong scope of permissions). Create a token with the permission to issue invoices for the company's NIP in KSeF, put it in the shop's settings and send the invoice again.",
		"de": "Das KSeF-Token, mit dem sich der Shop anmeldet, hat keine Berechtigung, Rechnungen für den Verkäufer auszustellen (Code 410: falscher Berechtigungsumfang). Erzeuge in KSeF ein Token mit der Berechtigung zum Ausstellen von Rechnungen für die NIP der Firma, trage es in den Einstellungen des Shops ein und sende die Rechnung erneut.",
	},
	415: { // Brak możliwości wysyłania faktury z załącznikiem
		"pl": "KSeF nie przyjmuje od tego sprzedawcy faktur z załącznikiem (kod 415): wymaga to wcześniejszego zgłoszenia w e-Urzędzie Skarbowym. Faktury sklepu nie mają załączników, więc to najpewniej błąd w pliku faktury – zgłoś go i wyślij fakturę ponownie po poprawce.",
		"en": "KSeF does not take invoices with an attachment from this seller (code 415): that needs a notification in e-Urząd Skarbowy first. The shop's invoices carry no attachment, so this is most likely a fault in the invoice file: report it and send the invoice again once it is fixed.",
		"de": "KSeF nimmt von diesem Verkäufer keine Rechnungen mit Anlage an (Code 415): Dafür ist vorher eine Meldung im e-Urząd Skarbowy nötig. Die Rechnungen des Shops haben keine Anlage, das deutet also auf einen Fehler in der Rechnungsdatei hin: Melde ihn und sende die Rechnung nach der Korrektur erneut.",
	},
	430: { // Błąd weryfikacji pliku faktury
		"pl": "Plik faktury nie przeszedł weryfikacji KSeF (kod 430): nie jest poprawnym XML-em zgodnym ze schematem FA(3) albo zawiera niedozwolone znaki. Sprawdź w opisie poniżej, którego pola to dotyczy; jeśli to dane (np. nazwa lub adres nabywcy), popraw je i wyślij fakturę ponownie, a jeśli nie – zgłoś błąd sklepu.",
		"en": "The invoice file failed KSeF's verification (code 430): it is not valid XML matching the FA(3) schema, or it holds characters KSeF does not allow. See in the reason below which field it is; if it is data (the buyer's name or address, say), correct it and send the invoice again; if not, report it as a fault of the shop.",
		"de": "Die Rechnungsdatei hat die Prüfung von KSeF nicht bestanden (Code 430): Sie ist kein gültiges XML nach dem Schema FA(3) oder enthält Zeichen, die KSeF nicht zulässt. Unten steht, welches Feld betroffen ist; sind es Daten (etwa Name oder Anschrift des Käufers), korrigiere sie und sende die Rechnung erneut, sonst melde es als Fehler des Shops.",
	},
	435: { // Błąd odszyfrowania pliku
		"pl": "KSeF nie zdołał odszyfrować pliku faktury (kod 435). To błąd techniczny, zwykle przejściowy albo po zmianie klucza publicznego Ministerstwa Finansów. Wyślij fakturę ponownie; jeśli błąd się powtarza, zgłoś go.",
		"en": "KSeF could not decrypt the invoice file (code 435). This is a technical fault, usually passing, or after the Ministry of Finance changed its public key. Send the invoice again; if it happens again, report it.",
		"de": "KSeF konnte die Rechnungsdatei nicht entschlüsseln (Code 435). Das ist ein technischer Fehler, meist vorübergehend oder nach einem Wechsel des öffentlichen Schlüssels des Finanzministeriums. Sende die Rechnung erneut; tritt der Fehler wieder auf, melde ihn.",
	},
	440: { // Duplikat faktury
		"pl": "KSeF ma już fakturę tego sprzedawcy tego samego rodzaju i o tym samym numerze (kod 440: duplikat faktury); opis poniżej podaje jej numer KSeF. Zwykle to ta sama faktura, wysłana wcześniej – wtedy jest już w KSeF i nie wysyłaj jej ponownie. Sprawdź ją w KSeF pod tym numerem; jeśli to inna faktura, numeracja się powtórzyła – skontaktuj się z księgową.",
		"en": "KSeF already holds an invoice of this seller of the same type with the same number (code 440: duplicate invoice); the reason below gives its KSeF number. Usually it is this very invoice, sent before: then it is in KSeF already, so do not send it again. Look it up in KSeF under that number; if it is a different invoice, the numbering repeated itself: talk to your accountant.",
		"de": "KSeF hat bereits eine Rechnung dieses Verkäufers derselben Art mit derselben Nummer (Code 440: doppelte Rechnung); unten steht ihre KSeF-Nummer. Meist ist es genau diese Rechnung, früher schon gesendet: Dann ist sie bereits in KSeF, sende sie also nicht erneut. Prüfe sie in KSeF unter dieser Nummer; ist es eine andere Rechnung, hat sich die Nummerierung wiederholt – sprich mit deiner Buchhaltung.",
	},
	450: { // Błąd weryfikacji semantyki dokumentu faktury
		"pl": "Treść faktury nie przeszła weryfikacji KSeF (kod 450: błąd semantyki dokumentu), np. NIP sprzedawcy lub nabywcy ma złą sumę kontrolną albo data wystawienia jest późniejsza niż data przyjęcia do KSeF. Popraw dane wskazane w opisie poniżej – najczęściej NIP nabywcy – i wyślij fakturę ponownie.",
		"en": "The invoice's content failed KSeF's checks (code 450: semantic error in the document): the seller's or the buyer's NIP has a wrong check digit, say, or the issue date is later than the day KSeF took it in. Correct the data the reason below points to – most often the buyer's NIP – and send the invoice again.",
		"de": "Der Inhalt der Rechnung hat die Prüfung von KSeF nicht bestanden (Code 450: semantischer Fehler im Dokument), etwa weil die NIP des Verkäufers oder des Käufers eine falsche Prüfziffer hat oder das Ausstellungsdatum nach dem Eingang bei KSeF liegt. Korrigiere die Daten, auf die der Grund unten verweist – meist die NIP des Käufers –, und sende die Rechnung erneut.",
	},
	500: { // Nieznany błąd ({statusCode})
		"pl": "W KSeF wystąpił nieznany błąd (kod 500). Wyślij fakturę ponownie za jakiś czas; jeśli błąd się powtarza, sprawdź komunikaty o awariach KSeF albo zgłoś go do pomocy technicznej KSeF, podając opis poniżej.",
		"en": "An unknown error occurred in KSeF (code 500). Send the invoice again in a while; if it keeps happening, check KSeF's outage notices or report it to KSeF's support with the reason below.",
		"de": "In KSeF ist ein unbekannter Fehler aufgetreten (Code 500). Sende die Rechnung nach einer Weile erneut; tritt er weiter auf, sieh in den Störungsmeldungen von KSeF nach oder melde ihn mit dem Grund unten dem KSeF-Support.",
	},
	550: { // Operacja została anulowana przez system
		"pl": "KSeF przerwał przetwarzanie faktury z przyczyn wewnętrznych (kod 550: operacja anulowana przez system); z fakturą wszystko może być w porządku. Wyślij ją ponownie za jakiś czas.",
		"en": "KSeF stopped processing the invoice for internal reasons of its own (code 550: operation cancelled by the system); the invoice may well be fine. Send it again in a while.",
		"de": "KSeF hat die Verarbeitung der Rechnung aus internen Gründen abgebrochen (Code 550: Vorgang vom System abgebrochen); mit der Rechnung kann alles in Ordnung sein. Sende sie nach einer Weile erneut.",
	},
}

// statusUnlisted is the text of a code KSeF's documentation does not list.
var statusUnlisted = map[string]string{
	"pl": "KSeF zwrócił kod {code}, którego jego dokumentacja nie wymienia. Przeczytaj opis KSeF poniżej, usuń przyczynę, jeśli wskazuje błąd w danych, i wyślij fakturę ponownie.",
	"en": "KSeF answered with code {code}, which its documentation does not list. Read KSeF's reason below, fix the cause if it points to wrong data, and send the invoice again.",
	"de": "KSeF hat mit dem Code {code} geantwortet, den seine Dokumentation nicht aufführt. Lies den Grund von KSeF unten, behebe die Ursache, falls er auf falsche Daten hinweist, und sende die Rechnung erneut.",
}

// Explain says, in lang ("pl", "en" or "de"; any other gives English),
// what KSeF's invoice status code means and what the owner does about it.
// Code 0 is the shop's own: it could not build or send the document. A
// code KSeF's documentation does not list gets a general text naming it.
func Explain(code int, lang string) string {
	if _, ok := statusUnlisted[lang]; !ok {
		lang = "en"
	}
	if e, ok := statusExplained[code]; ok {
		return e[lang]
	}
	return strings.Replace(statusUnlisted[lang], "{code}", strconv.Itoa(code), 1)
}
