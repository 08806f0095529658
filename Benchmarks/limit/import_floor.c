/* The floor of an import into Beacon's store: SQLite itself writing the places of a finished import (SOURCE, a
 * store `beacon import` made) into an empty store of the same schema (TARGET, made by the same beacon), with the
 * pragmas of Beacon's first import (rollback journal, synchronous=FULL, 64 MiB page cache), in one transaction.
 * Nothing is parsed or bound: each table is one INSERT … SELECT from SOURCE, in key order, with the triggers dropped
 * meanwhile; every row is still made from its values and every index entry inserted (no column is `*`, so SQLite's
 * raw record copy does not apply). The full text is tokenized anew; the R*Tree's pages are copied as they are (less
 * than any way of building one). Prints one JSON object: places, seconds, the steps' seconds, SQLite's version.
 *
 * With --row-by-row, the floor of an importer that streams its input: the rows of `place`, `place_fact` and
 * `place_cell`, read into memory before the clock starts, are written as such an importer must write them, a place at
 * a time through prepared statements (`place`, then its facts, then its cell; bound values, rowids kept), and the
 * full text is indexed 8 192 places at a time as they are written; the R*Tree and the commit as above. Nothing is
 * parsed; every row is bound and written by a statement of its own, as Beacon's writer does.
 * Usage: import_floor SOURCE TARGET [--row-by-row] */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static sqlite3 *db;

/* The rows of one table of the source in memory: `columns` values a row, and the first one's integer. */
typedef struct {
  sqlite3_value **values;
  long long *keys;
  int rows, columns;
  char names[2048];
} Rows;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void run(const char *sql) {
  char *error = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK) {
    fprintf(stderr, "import_floor: %s\n  in: %.200s\n", error ? error : "?", sql);
    exit(1);
  }
}

/* `sql` prepared (or the program ends, saying why). */
static sqlite3_stmt *prepare(const char *sql) {
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
    fprintf(stderr, "import_floor: %s\n  in: %.200s\n", sqlite3_errmsg(db), sql);
    exit(1);
  }
  return statement;
}

/* Runs `statement` (a write: no rows) to its end and resets it (or the program ends, saying why). */
static void finish(sqlite3_stmt *statement) {
  if (sqlite3_step(statement) != SQLITE_DONE) {
    fprintf(stderr, "import_floor: %s\n", sqlite3_errmsg(db));
    exit(1);
  }
  sqlite3_reset(statement);
}

/* The first column of the first row of `sql` as a new string ("" without a row). */
static char *text(const char *sql) {
  sqlite3_stmt *statement = prepare(sql);
  const char *value = sqlite3_step(statement) == SQLITE_ROW ? (const char *)sqlite3_column_text(statement, 0) : NULL;
  char *copy = strdup(value ? value : "");
  sqlite3_finalize(statement);
  return copy;
}

static long long integer(const char *sql) {
  char *value = text(sql);
  long long result = atoll(value);
  free(value);
  return result;
}

/* Runs `format` (one %s: the table's columns, or none) as a timed step, printed as "name": seconds. */
static void step(const char *name, const char *table, const char *format, int *first) {
  char columns[2048] = "";
  if (table) {
    char query[256];
    snprintf(query, sizeof query, "SELECT group_concat(name, ', ') FROM pragma_table_info('%s')", table);
    char *list = text(query);
    snprintf(columns, sizeof columns, "%s", list);
    free(list);
  }
  char sql[8192];
  snprintf(sql, sizeof sql, format, columns, columns);
  double start = now();
  run(sql);
  printf("%s\"%s\": %.4f", *first ? "" : ", ", name, now() - start);
  *first = 0;
}

/* Reads `table` of the source (its columns named, `key` first, in `key` order) into memory. */
static Rows load(const char *table, const char *key) {
  Rows rows = {0};
  char query[4096];
  snprintf(query, sizeof query, "SELECT group_concat(name, ', ') FROM pragma_table_info('%s') WHERE name <> '%s'",
    table, key);
  char *list = text(query);
  snprintf(rows.names, sizeof rows.names, "%s, %s", key, list);
  free(list);
  snprintf(query, sizeof query, "SELECT %s FROM src.%s ORDER BY %s", rows.names, table, key);
  sqlite3_stmt *statement = prepare(query);
  rows.columns = sqlite3_column_count(statement);
  int capacity = 1024;
  rows.values = malloc(sizeof(sqlite3_value *) * capacity * rows.columns);
  rows.keys = malloc(sizeof(long long) * capacity);
  while (sqlite3_step(statement) == SQLITE_ROW) {
    if (rows.rows == capacity) {
      capacity *= 2;
      rows.values = realloc(rows.values, sizeof(sqlite3_value *) * capacity * rows.columns);
      rows.keys = realloc(rows.keys, sizeof(long long) * capacity);
    }
    for (int column = 0; column < rows.columns; column++)
      rows.values[rows.rows * rows.columns + column] = sqlite3_value_dup(sqlite3_column_value(statement, column));
    rows.keys[rows.rows++] = sqlite3_column_int64(statement, 0);
  }
  sqlite3_finalize(statement);
  return rows;
}

/* The prepared `INSERT` of `rows` into `table` (`OR REPLACE`, `ON CONFLICT …`: as Beacon's writer says it). */
static sqlite3_stmt *insert(const char *table, Rows *rows, const char *verb, const char *tail) {
  char sql[8192];
  int length = snprintf(sql, sizeof sql, "%s INTO %s (%s) VALUES (", verb, table, rows->names);
  for (int column = 0; column < rows->columns; column++)
    length += snprintf(sql + length, sizeof sql - length, column ? ", ?" : "?");
  snprintf(sql + length, sizeof sql - length, ")%s", tail);
  return prepare(sql);
}

/* Binds row `row` of `rows` to `statement` and runs it. */
static void write_row(sqlite3_stmt *statement, Rows *rows, int row) {
  for (int column = 0; column < rows->columns; column++)
    sqlite3_bind_value(statement, column + 1, rows->values[row * rows->columns + column]);
  finish(statement);
}

/* Writes `places`, `facts` and `cells` and the full text in batches (timed apart) as --row-by-row does; prints
 * their steps. */
static void row_by_row(Rows places, Rows facts, Rows cells, int *first) {
  sqlite3_stmt *place = insert("place", &places, "INSERT", " ON CONFLICT DO NOTHING");
  sqlite3_stmt *fact = insert("place_fact", &facts, "INSERT OR REPLACE", "");
  sqlite3_stmt *cell = insert("place_cell", &cells, "INSERT OR REPLACE", "");
  sqlite3_stmt *full_text = prepare("INSERT INTO place_fts (rowid, name, address, cuisine) "
                                    "SELECT rowid, name, address, cuisine FROM place WHERE rowid > ?");
  double full_text_s = 0, start = now();
  long long indexed = 0;
  for (int row = 0, f = 0, c = 0; row < places.rows; row++) {
    long long rowid = places.keys[row];
    write_row(place, &places, row);
    for (; f < facts.rows && facts.keys[f] <= rowid; f++) write_row(fact, &facts, f);
    for (; c < cells.rows && cells.keys[c] <= rowid; c++) write_row(cell, &cells, c);
    if ((row + 1) % 8192 == 0 || row + 1 == places.rows) {
      double batch = now();
      sqlite3_bind_int64(full_text, 1, indexed);
      finish(full_text);
      indexed = rowid;
      full_text_s += now() - batch;
    }
  }
  printf("%s\"rows\": %.4f, \"full_text\": %.4f", *first ? "" : ", ", now() - start - full_text_s, full_text_s);
  *first = 0;
  sqlite3_finalize(place);
  sqlite3_finalize(fact);
  sqlite3_finalize(cell);
  sqlite3_finalize(full_text);
}

int main(int argc, char **argv) {
  int by_row = argc == 4 && strcmp(argv[3], "--row-by-row") == 0;
  if (argc != 3 && !by_row) {
    fprintf(stderr, "usage: import_floor SOURCE TARGET [--row-by-row]\n");
    return 64;
  }
  /* As Beacon opens its store: no mutex of SQLite's own, no memory statistics. */
  sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  if (sqlite3_open_v2(argv[2], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) return 1;
  sqlite3_busy_timeout(db, 5000);
  run("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; PRAGMA cache_size = -65536;");
  /* The target empty (the demo's places a new store holds), its free pages given back, as a first import finds it. */
  run("DELETE FROM place; DELETE FROM imported_area; VACUUM;");
  if (integer("SELECT (SELECT count(*) FROM place_fts) + (SELECT count(*) FROM place_rtree) "
              "+ (SELECT count(*) FROM place_fact) + (SELECT count(*) FROM place_cell)") != 0) {
    fprintf(stderr, "import_floor: the target's indexes are not empty without places\n");
    return 1;
  }
  char attach[4096];
  char *quoted = sqlite3_mprintf("ATTACH %Q AS src", argv[1]);
  snprintf(attach, sizeof attach, "%s", quoted);
  sqlite3_free(quoted);
  run(attach);
  /* The source read once before, so that its pages come from the file cache as an import's input does. */
  run("SELECT count(*), sum(length(details)) FROM src.place; SELECT count(*) FROM src.place_fact;"
      "SELECT count(*) FROM src.place_cell; SELECT count(*) FROM src.place_rtree_node;");
  sqlite3_stmt *triggers = prepare("SELECT group_concat(sql, ';' || char(10)) || ';', "
                                   "group_concat('DROP TRIGGER ' || name, ';') "
                                   "FROM sqlite_schema WHERE type = 'trigger'");
  if (sqlite3_step(triggers) != SQLITE_ROW) {
    fprintf(stderr, "import_floor: %s\n", sqlite3_errmsg(db));
    return 1;
  }
  char *create = strdup((const char *)sqlite3_column_text(triggers, 0));
  char *drop = strdup((const char *)sqlite3_column_text(triggers, 1));
  sqlite3_finalize(triggers);

  /* The rows of --row-by-row in memory before the clock starts. */
  Rows place_rows = {0}, facts = {0}, cells = {0};
  if (by_row) {
    place_rows = load("place", "rowid");
    facts = load("place_fact", "place_rowid");
    cells = load("place_cell", "place_rowid");
  }
  printf("{\"mode\": \"%s\", \"steps\": {", by_row ? "row_by_row" : "insert_select");
  int first = 1;
  double start = now();
  run("BEGIN");
  run(drop);
  if (by_row) {
    row_by_row(place_rows, facts, cells, &first);
  } else {
    step("place", "place", "INSERT INTO place (rowid, %s) SELECT rowid, %s FROM src.place ORDER BY rowid", &first);
    step("place_fact", "place_fact", "INSERT INTO place_fact (%s) SELECT %s FROM src.place_fact ORDER BY 1", &first);
    step("place_cell", "place_cell",
      "INSERT INTO place_cell (%s) SELECT %s FROM src.place_cell ORDER BY category, band, longitude, place_rowid",
      &first);
    step("full_text", NULL,
      "INSERT INTO place_fts (rowid, name, address, cuisine) SELECT rowid, name, address, cuisine FROM place",
      &first);
  }
  step("rtree_pages", NULL,
    "DELETE FROM place_rtree_node; DELETE FROM place_rtree_rowid; DELETE FROM place_rtree_parent;"
    "INSERT INTO place_rtree_node SELECT * FROM src.place_rtree_node;"
    "INSERT INTO place_rtree_rowid SELECT * FROM src.place_rtree_rowid;"
    "INSERT INTO place_rtree_parent SELECT * FROM src.place_rtree_parent;"
    "INSERT INTO imported_area SELECT * FROM src.imported_area;", &first);
  run(create);
  step("commit", NULL, "COMMIT", &first);
  double seconds = now() - start;
  long long places = integer("SELECT count(*) FROM place");
  /* The copy is whole: the same rows in every index as in the source. */
  if (places != integer("SELECT count(*) FROM src.place") || places != integer("SELECT count(*) FROM place_rtree")
      || places != integer("SELECT count(*) FROM place_cell")
      || integer("SELECT count(*) FROM place_fts('pizza OR cafe OR hotel')")
           != integer("SELECT count(*) FROM src.place_fts('pizza OR cafe OR hotel')")) {
    fprintf(stderr, "import_floor: the copy differs from the source\n");
    return 1;
  }
  printf("}, \"places\": %lld, \"s\": %.4f, \"places_per_s\": %.1f, \"sqlite\": \"%s\"}\n", places, seconds,
    places / seconds, sqlite3_libversion());
  free(create);
  free(drop);
  sqlite3_close(db);
  return 0;
}
