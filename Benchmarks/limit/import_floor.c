/* The floor of an import into Beacon's store: SQLite itself writing the places of a finished import (SOURCE, a
 * store `beacon import` made) into an empty store of the same schema (TARGET, made by the same beacon), with the
 * pragmas of Beacon's first import (rollback journal, synchronous=FULL, 64 MiB page cache), in one transaction.
 * Nothing is parsed or bound: each table is one INSERT … SELECT from SOURCE, in key order, with the triggers dropped
 * meanwhile; every row is still made from its values and every index entry inserted (no column is `*`, so SQLite's
 * raw record copy does not apply). The full text is tokenized anew; the R*Tree's pages are copied as they are (less
 * than any way of building one). Prints one JSON object: places, seconds, the steps' seconds, SQLite's version.
 * Usage: import_floor SOURCE TARGET */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static sqlite3 *db;

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

/* The first column of the first row of `sql` as a new string ("" without a row). */
static char *text(const char *sql) {
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
    fprintf(stderr, "import_floor: %s\n  in: %.200s\n", sqlite3_errmsg(db), sql);
    exit(1);
  }
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

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: import_floor SOURCE TARGET\n");
    return 64;
  }
  if (sqlite3_open(argv[2], &db) != SQLITE_OK) return 1;
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
  sqlite3_stmt *triggers;
  if (sqlite3_prepare_v2(db, "SELECT group_concat(sql, ';' || char(10)) || ';', "
                         "group_concat('DROP TRIGGER ' || name, ';') FROM sqlite_schema WHERE type = 'trigger'",
        -1, &triggers, NULL) != SQLITE_OK || sqlite3_step(triggers) != SQLITE_ROW) {
    fprintf(stderr, "import_floor: %s\n", sqlite3_errmsg(db));
    return 1;
  }
  char *create = strdup((const char *)sqlite3_column_text(triggers, 0));
  char *drop = strdup((const char *)sqlite3_column_text(triggers, 1));
  sqlite3_finalize(triggers);

  printf("{\"steps\": {");
  int first = 1;
  double start = now();
  run("BEGIN");
  run(drop);
  step("place", "place", "INSERT INTO place (rowid, %s) SELECT rowid, %s FROM src.place ORDER BY rowid", &first);
  step("place_fact", "place_fact", "INSERT INTO place_fact (%s) SELECT %s FROM src.place_fact ORDER BY 1", &first);
  step("place_cell", "place_cell",
    "INSERT INTO place_cell (%s) SELECT %s FROM src.place_cell ORDER BY category, band, longitude, place_rowid",
    &first);
  step("full_text", NULL,
    "INSERT INTO place_fts (rowid, name, address, cuisine) SELECT rowid, name, address, cuisine FROM place", &first);
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
