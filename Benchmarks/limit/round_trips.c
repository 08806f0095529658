/* Round trips to a Content-Length framed server, timed by a client in C: the server is started on two pipes, the
 * setup requests are sent one at a time (each answer awaited), then each timed request is sent and its answer read
 * COUNT times, one at a time. The kinds alternate in ROUNDS blocks (ping, search, ping, search, …) so that both see
 * the machine in the same state; 20 untimed round trips start each block. The client parses nothing but the frames'
 * headers, so what it times is the server's answer and the pipes, not a client's JSON work.
 *
 * Prints one JSON object: {"NAME": {"p50_us": …, "p99_us": …, "count": …}, …}. A frame that is neither an answer
 * nor an error (a notification) is skipped; an error answer, or an answer without "result", ends the run (exit 1).
 *
 * Usage: round_trips COUNT ROUNDS [--setup BODY]... [NAME=BODY]... -- COMMAND [ARGUMENT]... */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int to_server, from_server;
static char buffer[1 << 20];
static size_t buffered;

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void write_all(const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(to_server, bytes, count);
    if (written <= 0) {
      fprintf(stderr, "round_trips: the server stopped reading\n");
      exit(1);
    }
    bytes += written;
    count -= (size_t)written;
  }
}

/* One frame: header and body in a single write, as a client would send it. */
static void send_request(const char *body) {
  static char frame[1 << 16];
  size_t length = strlen(body);
  int header = snprintf(frame, sizeof frame, "Content-Length: %zu\r\n\r\n", length);
  if (header < 0 || (size_t)header + length > sizeof frame) {
    fprintf(stderr, "round_trips: request too long\n");
    exit(1);
  }
  memcpy(frame + header, body, length);
  write_all(frame, (size_t)header + length);
}

/* Reads frames until an answer: skips notifications, ends the run on an error or an answer without a result. */
static void read_answer(void) {
  for (;;) {
    char *end = memmem(buffer, buffered, "\r\n\r\n", 4);
    if (end != NULL) {
      char *field = memmem(buffer, (size_t)(end - buffer), "Content-Length: ", 16);
      if (field == NULL) {
        fprintf(stderr, "round_trips: a frame without Content-Length\n");
        exit(1);
      }
      size_t length = strtoul(field + 16, NULL, 10);
      size_t total = (size_t)(end - buffer) + 4 + length;
      if (total > sizeof buffer) {
        fprintf(stderr, "round_trips: a frame of %zu bytes is longer than the buffer\n", total);
        exit(1);
      }
      if (buffered >= total) {
        char *body = end + 4;
        int answer = memmem(body, length, "\"result\":", 9) != NULL;
        int error = memmem(body, length, "\"error\":", 8) != NULL;
        if (error || (answer == 0 && memmem(body, length, "\"method\":", 9) == NULL)) {
          fprintf(stderr, "round_trips: unexpected answer: %.*s\n", (int)(length > 400 ? 400 : length), body);
          exit(1);
        }
        memmove(buffer, buffer + total, buffered - total);
        buffered -= total;
        if (answer) return;
        continue;
      }
    }
    ssize_t count = read(from_server, buffer + buffered, sizeof buffer - buffered);
    if (count <= 0) {
      fprintf(stderr, "round_trips: the server closed its output\n");
      exit(1);
    }
    buffered += (size_t)count;
  }
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: round_trips COUNT ROUNDS [--setup BODY]... [NAME=BODY]... -- COMMAND [ARGUMENT]...\n");
    return 64;
  }
  int count = atoi(argv[1]);
  int rounds = atoi(argv[2]);
  int command = 3;
  while (command < argc && strcmp(argv[command], "--") != 0) command++;
  if (count < 1 || rounds < 1 || command + 1 >= argc) {
    fprintf(stderr, "round_trips: COUNT and ROUNDS must be positive, and a command must follow --\n");
    return 64;
  }
  int to[2], from[2];
  if (pipe(to) != 0 || pipe(from) != 0) return 1;
  pid_t server = fork();
  if (server == 0) {
    dup2(to[0], 0);
    dup2(from[1], 1);
    close(to[1]);
    close(from[0]);
    execvp(argv[command + 1], argv + command + 1);
    _exit(127);
  }
  close(to[0]);
  close(from[1]);
  to_server = to[1];
  from_server = from[0];

  const char *names[32];
  const char *bodies[32];
  int kinds = 0;
  for (int index = 3; index < command; index++) {
    if (strcmp(argv[index], "--setup") == 0 && index + 1 < command) {
      send_request(argv[++index]);
      read_answer();
      continue;
    }
    char *equals = strchr(argv[index], '=');
    if (equals == NULL || kinds == 32) {
      fprintf(stderr, "round_trips: expected NAME=BODY, got %s\n", argv[index]);
      return 64;
    }
    *equals = '\0';
    names[kinds] = argv[index];
    bodies[kinds] = equals + 1;
    kinds++;
  }
  int per_round = (count + rounds - 1) / rounds;
  double *samples = malloc(sizeof(double) * (size_t)kinds * (size_t)per_round * (size_t)rounds);
  if (samples == NULL) return 1;
  int taken[32] = {0};
  for (int round = 0; round < rounds; round++) {
    for (int kind = 0; kind < kinds; kind++) {
      for (int warm = 0; warm < 20; warm++) {
        send_request(bodies[kind]);
        read_answer();
      }
      double *into = samples + (size_t)kind * (size_t)per_round * (size_t)rounds;
      for (int index = 0; index < per_round && taken[kind] < count; index++) {
        double started = now_us();
        send_request(bodies[kind]);
        read_answer();
        into[taken[kind]++] = now_us() - started;
      }
    }
  }
  printf("{");
  for (int kind = 0; kind < kinds; kind++) {
    double *values = samples + (size_t)kind * (size_t)per_round * (size_t)rounds;
    int n = taken[kind];
    qsort(values, (size_t)n, sizeof(double), compare);
    /* bench.py's percentile: the value at index min(n - 1, floor(n × fraction)) of the sorted samples. */
    int p99 = (int)((double)n * 0.99);
    printf("%s\"%s\": {\"p50_us\": %.1f, \"p99_us\": %.1f, \"count\": %d}", kind ? ", " : "", names[kind],
           values[n / 2], values[p99 < n - 1 ? p99 : n - 1], n);
  }
  printf("}\n");
  close(to_server);
  int status = 0;
  waitpid(server, &status, 0);
  return 0;
}
