package static

// trie is a byte-level trie of a vocabulary, for longest-prefix matching
// in one pass over a word instead of one map lookup per candidate length.
// Nodes are numbered breadth first from the root, 0, so the children of
// node p are the nodes first[p] to first[p+1]-1, in increasing order of
// label, the byte on the edge into them.
type trie struct {
	first []int32 // per node, its first child; one more entry at the end
	label []byte  // per node, the byte on the edge from its parent
	id    []int32 // per node, the id of the token ending there, or -1
	// root holds the children of the root by byte, -1 for none: every
	// token of a word starts there, and the root has the most children.
	root [256]int32
}

// newTrie builds the trie of keys, which must be sorted and distinct; an
// empty key is left out.
func newTrie(keys []vocabEntry) *trie {
	if len(keys) > 0 && keys[0].key == "" {
		keys = keys[1:]
	}
	// Each node is a run keys[lo:hi] of the keys sharing its depth
	// first bytes; the key equal to those bytes, if any, sorts first.
	// A node per distinct prefix: each key adds the bytes it does not
	// share with the key before it.
	nodes := 1
	for i, k := range keys {
		shared := 0
		if i > 0 {
			prev := keys[i-1].key
			for shared < len(prev) && shared < len(k.key) && prev[shared] == k.key[shared] {
				shared++
			}
		}
		nodes += len(k.key) - shared
	}
	type span struct{ lo, hi, depth int32 }
	queue := make([]span, 1, nodes)
	queue[0] = span{0, int32(len(keys)), 0}
	t := &trie{first: make([]int32, 0, nodes+1), label: make([]byte, 1, nodes), id: make([]int32, 0, nodes)}
	for p := 0; p < len(queue); p++ {
		s := queue[p]
		lo := s.lo
		id := int32(-1)
		if lo < s.hi && len(keys[lo].key) == int(s.depth) {
			id = int32(keys[lo].id)
			lo++
		}
		t.id = append(t.id, id)
		t.first = append(t.first, int32(len(queue)))
		for lo < s.hi {
			c := keys[lo].key[s.depth]
			hi := lo + 1
			for hi < s.hi && keys[hi].key[s.depth] == c {
				hi++
			}
			queue = append(queue, span{lo, hi, s.depth + 1})
			t.label = append(t.label, c)
			lo = hi
		}
	}
	t.first = append(t.first, int32(len(queue)))
	for c := range t.root {
		t.root[c] = t.search(0, byte(c))
	}
	return t
}

// child returns the child of node p by the byte c, or -1.
func (t *trie) child(p int32, c byte) int32 {
	if p == 0 {
		return t.root[c]
	}
	return t.search(p, c)
}

// search finds the child of node p by the byte c in its sorted labels.
func (t *trie) search(p int32, c byte) int32 {
	lo, hi := t.first[p], t.first[p+1]
	for lo < hi {
		m := int32(uint32(lo+hi) >> 1)
		switch l := t.label[m]; {
		case l == c:
			return m
		case l < c:
			lo = m + 1
		default:
			hi = m
		}
	}
	return -1
}

// find returns the id of the token key, or -1.
func (t *trie) find(key string) int32 {
	p := int32(0)
	for i := 0; i < len(key) && p >= 0; i++ {
		p = t.child(p, key[i])
	}
	if p < 0 || key == "" {
		return -1
	}
	return t.id[p]
}
