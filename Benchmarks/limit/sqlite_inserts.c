/* Raw SQLite writes with Beacon's pragmas (WAL, synchronous=NORMAL, foreign keys): N ratings, each in its own
 * BEGIN IMMEDIATE … COMMIT, through one prepared statement. Prints writes per second.
 * Usage: sqlite_inserts DB N */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

#define CHECK(expression) \
  do { \
    if ((expression) != SQLITE_OK) { \
      fprintf(stderr, "%s: %s\n", #expression, sqlite3_errmsg(db)); \
      return 1; \
    } \
  } while (0)

int main(int argc, char **argv) {
  if (argc != 3) return 64;
  int count = atoi(argv[2]);
  sqlite3 *db;
  if (sqlite3_open(argv[1], &db) != SQLITE_OK) return 1;
  CHECK(sqlite3_exec(db,
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
    "CREATE TABLE place (id TEXT PRIMARY KEY NOT NULL);"
    "CREATE TABLE rating (id INTEGER PRIMARY KEY, place_id TEXT NOT NULL REFERENCES place(id),"
    " stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5), comment TEXT, created_at REAL NOT NULL);"
    "CREATE INDEX rating_place ON rating(place_id, created_at);"
    "INSERT INTO place VALUES ('osm:node/1');", NULL, NULL, NULL));
  sqlite3_stmt *insert;
  CHECK(sqlite3_prepare_v2(db, "INSERT INTO rating (place_id, stars, comment, created_at) VALUES (?, ?, ?, ?)", -1,
    &insert, NULL));
  double start = now();
  for (int i = 0; i < count; i++) {
    CHECK(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL));
    sqlite3_bind_text(insert, 1, "osm:node/1", -1, SQLITE_STATIC);
    sqlite3_bind_int(insert, 2, 1 + i % 5);
    sqlite3_bind_null(insert, 3);
    sqlite3_bind_double(insert, 4, start + i);
    if (sqlite3_step(insert) != SQLITE_DONE) return 1;
    sqlite3_reset(insert);
    CHECK(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL));
  }
  double elapsed = now() - start;
  printf("%.1f\n", count / elapsed);
  sqlite3_finalize(insert);
  sqlite3_close(db);
  return 0;
}
