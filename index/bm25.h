// mw_register_bm25 makes every new SQLite connection of the process that
// has FTS5 register the ranking function mw_bm25 (see bm25.c).
void mw_register_bm25(void);
