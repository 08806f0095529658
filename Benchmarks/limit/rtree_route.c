/* A direct SQLite R*Tree query of the corridor Beacon searches along a route, on Beacon's own store file: the
 * same boxes (one per stretch of route, read from a file of "MIN_LAT MAX_LAT MIN_LON MAX_LON" lines), the same
 * join and category filter, rows stepped through and their columns read, one prepared statement. No distance is
 * computed and nothing is deduplicated: the floor under any search of that area. Prints the p50 and p99 in
 * microseconds and the rows read per run. Usage: rtree_route DB BOXFILE CATEGORY N */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 5) return 64;
  int count = atoi(argv[4]);
  FILE *file = fopen(argv[2], "r");
  if (!file) return 1;
  double boxes[4096][4];
  int box_count = 0;
  while (box_count < 4096 && fscanf(file, "%lf %lf %lf %lf", &boxes[box_count][0], &boxes[box_count][1],
                                    &boxes[box_count][2], &boxes[box_count][3]) == 4) {
    box_count++;
  }
  fclose(file);
  sqlite3 *db;
  if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) return 1;
  sqlite3_stmt *query;
  const char *sql =
    "SELECT place.* FROM place_rtree JOIN place ON place.rowid = place_rtree.place_rowid "
    "WHERE place_rtree.max_latitude >= ? AND place_rtree.min_latitude <= ? "
    "AND place_rtree.max_longitude >= ? AND place_rtree.min_longitude <= ? AND +place.category = ?";
  if (sqlite3_prepare_v2(db, sql, -1, &query, NULL) != SQLITE_OK) {
    fprintf(stderr, "%s\n", sqlite3_errmsg(db));
    return 1;
  }
  double *times = malloc(sizeof(double) * (size_t)count);
  long rows = 0;
  for (int i = 0; i < count; i++) {
    double start = now();
    for (int b = 0; b < box_count; b++) {
      for (int p = 0; p < 4; p++) sqlite3_bind_double(query, p + 1, boxes[b][p]);
      sqlite3_bind_text(query, 5, argv[3], -1, SQLITE_STATIC);
      while (sqlite3_step(query) == SQLITE_ROW) {
        for (int c = 0; c < sqlite3_column_count(query); c++) (void)sqlite3_column_text(query, c);
        rows++;
      }
      sqlite3_reset(query);
    }
    times[i] = (now() - start) * 1e6;
  }
  qsort(times, (size_t)count, sizeof(double), compare);
  printf("%.1f %.1f %ld\n", times[count / 2], times[(count * 99) / 100], rows / count);
  return 0;
}
