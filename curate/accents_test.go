package curate

import (
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestDiffersOnAccents: a word whose accents differ is another word when
// both copies write accents ("zahlen" pay, "zählen" count), the same one
// when a copy writes none, or writes them decomposed.
func TestDiffersOnAccents(t *testing.T) {
	const text = "Die Kunden der Partnerfirma %s die Lieferungen für das Lager in Hamburg monatlich über das Portal."
	with := func(w string) string { return strings.Replace(text, "%s", w, 1) }
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{with("zahlen"), with("zählen"), true},
		{with("zählen"), norm.NFD.String(with("zählen")), false},
		{"José Müller from the Zürich office approved the café menu rollout.", "Jose Muller from the Zurich office approved the cafe menu rollout.", false},
		// The letters tokenize.Normalize folds for search (Greek accents,
		// "ё", Hebrew and Arabic points) by the same rule: "ποτέ" is
		// never, "πότε" when; "всё" everything, "все" everyone; "عَلِمَ"
		// knew, "عُلِمَ" was known.
		{"Ο Γιάννης δεν θα έρθει ποτέ στο γραφείο της εταιρείας αύριο.", "Ο Γιάννης δεν θα έρθει πότε στο γραφείο της εταιρείας αύριο.", true},
		{"Ο Γιάννης δεν θα έρθει ποτέ στο γραφείο της εταιρείας αύριο.", "Ο Γιαννης δεν θα ερθει ποτε στο γραφειο της εταιρειας αυριο.", false},
		{"Мы ещё раз проверили всё перед релизом новой версии сервиса.", "Мы ещё раз проверили все перед релизом новой версии сервиса.", true},
		{"Мы ещё раз проверили всё перед релизом новой версии сервиса.", "Мы еще раз проверили все перед релизом новой версии сервиса.", false},
		{"الفريق عَلِمَ بالخطأ قبل إطلاق النسخة الجديدة من الخدمة.", "الفريق عُلِمَ بالخطأ قبل إطلاق النسخة الجديدة من الخدمة.", true},
		{"الفريق عَلِمَ بالخطأ قبل إطلاق النسخة الجديدة من الخدمة.", "الفريق علم بالخطا قبل اطلاق النسخة الجديدة من الخدمة.", false},
		// The word before a mark ("осёл," donkey, "осел," settled; the
		// comma is not the word), and the letters Normalize folds into
		// others: "ß" ("Maße" dimensions, "Masse" mass) and dotless "ı"
		// ("sıkı" strict, "siki" another word), where both copies write
		// such letters; a copy that writes none is the same text.
		{"На ферме ещё живёт осёл, и его кормят каждое утро до открытия.", "На ферме ещё живёт осел, и его кормят каждое утро до открытия.", true},
		{"На ферме ещё живёт «осёл» и его кормят каждое утро до открытия.", "На ферме ещё живёт «осел» и его кормят каждое утро до открытия.", true},
		{"На ферме ещё живёт осёл, и его кормят каждое утро до открытия.", "На ферме еще живет осел, и его кормят каждое утро до открытия.", false},
		{"Die Lieferung geht an die Maße der Halle in der Gartenstraße und wird geprüft.", "Die Lieferung geht an die Masse der Halle in der Gartenstraße und wird geprüft.", true},
		{"Die Maße der Halle in der Gartenstraße werden am Montag gemessen.", "Die Masse der Halle in der Gartenstrasse werden am Montag gemessen.", false},
		{"Şirket toplantısı İzmir ofisinde yapılır ve notlar sıkı bir şekilde arşivlenir.", "Şirket toplantısı İzmir ofisinde yapılır ve notlar siki bir şekilde arşivlenir.", true},
		{"Şirket toplantısı İzmir ofisinde yapılır ve notlar sıkı bir şekilde arşivlenir.", "Sirket toplantisi Izmir ofisinde yapilir ve notlar siki bir sekilde arsivlenir.", false},
	} {
		if _, got := Differs(c.a, c.b); got != c.want {
			t.Errorf("Differs(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if c.want && OneText(c.a, c.b) {
			t.Errorf("OneText(%q, %q) = true: accents that differ are not a Markdown form", c.a, c.b)
		}
	}
}
