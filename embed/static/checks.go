package static

import (
	"encoding/json"
	"slices"
	"sync/atomic"
	"time"

	"github.com/memweave/memweave-go/embed"
)

// checkRecord is a model file whose data was found to be what its
// header records ([CheckDataSHA256]): the file as fstat(2) gave it then,
// and the record. A later process that maps a file with all of it the
// same skips the check. A file changed in any way has another size,
// modification or change time (the change time cannot be set back
// without root, and a change within its resolution is ruled out by
// [racyWindow]); a copy, such as a cloned workspace's, has another
// device or inode. So a record kept for one file never applies to
// another, nor to this one once changed.
type checkRecord struct {
	Dev        uint64 `json:"dev"`
	Ino        uint64 `json:"ino"`
	Size       int64  `json:"size"`
	MtimeNS    int64  `json:"mtime_ns"`
	CtimeNS    int64  `json:"ctime_ns"`
	DataSHA256 string `json:"data_sha256"`
}

// maxCheckRecords is how many checked files a store keeps, the latest:
// a workspace uses one model at a time.
const maxCheckRecords = 8

// dataHashes counts the reads of a model's whole data by
// [CheckDataSHA256], for tests.
var dataHashes atomic.Int64

// RememberChecks makes s keep in store which model files it checked
// against their header's record (see [CheckDataSHA256]), so that a later
// Embedder over the same file, unchanged, does not read its data again.
// Call it before the Embedder's first use. It implements
// [embed.RemembersChecks].
func (s *Embedder) RememberChecks(store embed.StateStore) { s.checks = store }

// checkData is [CheckDataSHA256] of f, skipped when s's store records
// m's file as checked and unchanged since, and recorded there when it
// passes on a file whose last change is older than [racyWindow].
func (s *Embedder) checkData(f Files, m *mapping) error {
	claim, _, ok := dataClaim(f.Safetensors)
	if !ok {
		return nil
	}
	var key checkRecord
	keyed := false
	if s.checks != nil && m != nil {
		key, keyed = m.checkKey(claim, time.Now())
	}
	var saved []checkRecord
	if keyed {
		saved = loadChecks(s.checks)
		if slices.Contains(saved, key) {
			return nil
		}
	}
	if err := CheckDataSHA256(f, s.name); err != nil {
		return err
	}
	if keyed {
		saved = slices.DeleteFunc(saved, func(r checkRecord) bool { return r.Dev == key.Dev && r.Ino == key.Ino })
		saved = append([]checkRecord{key}, saved[:min(len(saved), maxCheckRecords-1)]...)
		if data, err := json.Marshal(savedChecks{Models: saved}); err == nil && len(data) <= embed.MaxModelChecksBytes {
			_ = s.checks.Save(data) // a cache: a failed save costs the next process one check
		}
	}
	return nil
}

// savedChecks is the saved form of the checks of a store.
type savedChecks struct {
	Models []checkRecord `json:"models"`
}

// loadChecks returns the checks saved in store; none when there are
// none, or the state is garbage or too large.
func loadChecks(store embed.StateStore) []checkRecord {
	data, _ := store.Load()
	var s savedChecks
	if len(data) > embed.MaxModelChecksBytes || json.Unmarshal(data, &s) != nil {
		return nil
	}
	return s.Models[:min(len(s.Models), maxCheckRecords)]
}

// checkKey returns the record of m's file as it is now, with claim, and
// true when a check of it may be remembered: the file is mapped and
// open, unchanged since it was mapped, and its last change (its change
// time, which cannot be set back) lies at least [racyWindow] before
// now, so that a later change shows in its times.
func (m *mapping) checkKey(claim string, now time.Time) (checkRecord, bool) {
	if m.f == nil || m.racy.Load() {
		return checkRecord{}, false
	}
	fi, err := m.f.Stat()
	if err != nil || fi.Size() != m.size || !fi.ModTime().Equal(m.mod) {
		return checkRecord{}, false
	}
	dev, ino, ctime, ok := fileID(fi)
	if !ok || now.Sub(ctime) < racyWindow {
		return checkRecord{}, false
	}
	return checkRecord{Dev: dev, Ino: ino, Size: fi.Size(), MtimeNS: fi.ModTime().UnixNano(), CtimeNS: ctime.UnixNano(), DataSHA256: claim}, true
}
