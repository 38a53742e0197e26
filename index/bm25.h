// mw_register_bm25 gives every new SQLite connection of the process the
// SQL function mw_register_bm25(), which registers the FTS5 ranking
// function mw_bm25 on the connection that calls it (see bm25.c).
void mw_register_bm25(void);
