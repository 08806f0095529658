/* Round trips to Content-Length framed servers, timed by a client in C: each server is started on two pipes, the
 * setup requests are sent to it one at a time (each answer awaited), then each timed request is sent and its answer
 * read COUNT times, one at a time. Servers and kinds alternate in ROUNDS blocks (server 1: ping, search; server 2:
 * ping, search; server 1: …) so that all see the machine in the same state; 20 untimed round trips start each block.
 * With --pipelined N, ROUNDS more rounds follow, alternating the servers: N copies of the first kind written at once
 * by a second thread while the answers are counted; messages per second, the median of the rounds reported. The client parses
 * nothing but the frames' headers, so what it times is the servers' answers and the pipes, not a client's JSON work.
 *
 * Prints one JSON array, an object per server in the order given:
 * [{"NAME": {"p50_us": …, "p99_us": …, "count": …}, …, "pipelined": {"msgs_per_s": …, "rounds": […]}}, …].
 * A frame that is neither an answer nor an error (a notification) is skipped; an error answer, or an answer without
 * "result", ends the run (exit 1).
 *
 * Usage: round_trips COUNT ROUNDS [--pipelined N] [--setup BODY]... [NAME=BODY]...
 *          -- COMMAND [ARGUMENT]... [--- COMMAND [ARGUMENT]...]... */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { buffer_size = 1 << 20, max_kinds = 32, max_servers = 8 };

/* One server: its process, its two pipes, and what has been read from it but not yet used. */
struct server {
  pid_t pid;
  int to, from;
  char *buffer;
  size_t buffered;
};

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void write_all(int to, const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(to, bytes, count);
    if (written <= 0) {
      fprintf(stderr, "round_trips: the server stopped reading\n");
      exit(1);
    }
    bytes += written;
    count -= (size_t)written;
  }
}

/* One frame of `body` into `frame` (header and body, as a client would send them); its length. */
static size_t make_frame(char *frame, size_t capacity, const char *body) {
  size_t length = strlen(body);
  int header = snprintf(frame, capacity, "Content-Length: %zu\r\n\r\n", length);
  if (header < 0 || (size_t)header + length > capacity) {
    fprintf(stderr, "round_trips: request too long\n");
    exit(1);
  }
  memcpy(frame + header, body, length);
  return (size_t)header + length;
}

/* One frame in a single write. */
static void send_request(struct server *server, const char *body) {
  static char frame[1 << 16];
  write_all(server->to, frame, make_frame(frame, sizeof frame, body));
}

static void read_more(struct server *server) {
  ssize_t count = read(server->from, server->buffer + server->buffered, buffer_size - server->buffered);
  if (count <= 0) {
    fprintf(stderr, "round_trips: the server closed its output\n");
    exit(1);
  }
  server->buffered += (size_t)count;
}

/* Reads frames until an answer: skips notifications, ends the run on an error or an answer without a result. */
static void read_answer(struct server *server) {
  char *buffer = server->buffer;
  for (;;) {
    char *end = memmem(buffer, server->buffered, "\r\n\r\n", 4);
    if (end != NULL) {
      char *field = memmem(buffer, (size_t)(end - buffer), "Content-Length: ", 16);
      if (field == NULL) {
        fprintf(stderr, "round_trips: a frame without Content-Length\n");
        exit(1);
      }
      size_t length = strtoul(field + 16, NULL, 10);
      size_t total = (size_t)(end - buffer) + 4 + length;
      if (total > buffer_size) {
        fprintf(stderr, "round_trips: a frame of %zu bytes is longer than the buffer\n", total);
        exit(1);
      }
      if (server->buffered >= total) {
        char *body = end + 4;
        int answer = memmem(body, length, "\"result\":", 9) != NULL;
        int error = memmem(body, length, "\"error\":", 8) != NULL;
        if (error || (answer == 0 && memmem(body, length, "\"method\":", 9) == NULL)) {
          fprintf(stderr, "round_trips: unexpected answer: %.*s\n", (int)(length > 400 ? 400 : length), body);
          exit(1);
        }
        memmove(buffer, buffer + total, server->buffered - total);
        server->buffered -= total;
        if (answer) return;
        continue;
      }
    }
    read_more(server);
  }
}

struct pipelined_write {
  int to;
  const char *bytes;
  size_t count;
};

static void *write_pipelined(void *argument) {
  struct pipelined_write *job = argument;
  write_all(job->to, job->bytes, job->count);
  return NULL;
}

/* Writes `count` frames of `frames` (`copies` of one request) from a second thread while this one counts the
 * answers' headers (an error answer ends the run); the messages per second from the first byte written to the last answer's header read. */
static double pipelined_block(struct server *server, const char *frames, size_t count, int copies) {
  static const char header[] = "Content-Length: ";
  const size_t header_length = sizeof header - 1;
  struct pipelined_write job = {server->to, frames, count};
  pthread_t writer;
  double started = now_us();
  if (pthread_create(&writer, NULL, write_pipelined, &job) != 0) {
    fprintf(stderr, "round_trips: no writer thread\n");
    exit(1);
  }
  /* Headers are counted across reads: the last header_length - 1 bytes of a read are kept ahead of the next, so a
   * header cut by a read is found whole in the next, and none is counted twice (the kept bytes are too few to hold
   * one). */
  int seen = 0;
  server->buffered = 0;
  while (seen < copies) {
    read_more(server);
    char *scan = server->buffer;
    size_t length = server->buffered;
    if (memmem(scan, length, "\"error\":", 8) != NULL) {
      fprintf(stderr, "round_trips: an error answer among the pipelined ones\n");
      exit(1);
    }
    for (char *at = memmem(scan, length, header, header_length); at != NULL;
         at = memmem(at + 1, length - (size_t)(at + 1 - scan), header, header_length))
      seen++;
    size_t kept = length < header_length - 1 ? length : header_length - 1;
    memmove(server->buffer, server->buffer + length - kept, kept);
    server->buffered = kept;
  }
  double elapsed = now_us() - started;
  pthread_join(writer, NULL);
  server->buffered = 0;
  return (double)copies / (elapsed / 1e6);
}

static void start_server(struct server *server, char **argv) {
  int to[2], from[2];
  /* Close-on-exec, so a server started later does not hold this one's input open (dup2 clears it on 0 and 1). */
  if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0) exit(1);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(to[0], 0);
    dup2(from[1], 1);
    close(to[1]);
    close(from[0]);
    execvp(argv[0], argv);
    _exit(127);
  }
  close(to[0]);
  close(from[1]);
  server->pid = pid;
  server->to = to[1];
  server->from = from[0];
  server->buffer = malloc(buffer_size);
  server->buffered = 0;
  if (server->buffer == NULL) exit(1);
}

static void print_percentiles(const char *name, double *values, int n) {
  qsort(values, (size_t)n, sizeof(double), compare);
  /* bench.py's percentile: the value at index min(n - 1, floor(n × fraction)) of the sorted samples. */
  int p99 = (int)((double)n * 0.99);
  printf("\"%s\": {\"p50_us\": %.1f, \"p99_us\": %.1f, \"count\": %d}", name, values[n / 2],
         values[p99 < n - 1 ? p99 : n - 1], n);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: round_trips COUNT ROUNDS [--pipelined N] [--setup BODY]... [NAME=BODY]... -- COMMAND "
                    "[ARGUMENT]... [--- COMMAND [ARGUMENT]...]...\n");
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
  struct server servers[max_servers];
  int server_count = 0;
  for (int index = command + 1; index < argc;) {
    int end = index;
    while (end < argc && strcmp(argv[end], "---") != 0) end++;
    if (end == index || server_count == max_servers) {
      fprintf(stderr, "round_trips: an empty command, or more than %d\n", max_servers);
      return 64;
    }
    argv[end < argc ? end : argc] = NULL;
    start_server(&servers[server_count++], argv + index);
    index = end + 1;
  }

  const char *names[max_kinds];
  const char *bodies[max_kinds];
  int kinds = 0, pipelined = 0;
  for (int index = 3; index < command; index++) {
    if (strcmp(argv[index], "--setup") == 0 && index + 1 < command) {
      index++;
      for (int server = 0; server < server_count; server++) {
        send_request(&servers[server], argv[index]);
        read_answer(&servers[server]);
      }
      continue;
    }
    if (strcmp(argv[index], "--pipelined") == 0 && index + 1 < command) {
      pipelined = atoi(argv[++index]);
      continue;
    }
    char *equals = strchr(argv[index], '=');
    if (equals == NULL || kinds == max_kinds) {
      fprintf(stderr, "round_trips: expected NAME=BODY, got %s\n", argv[index]);
      return 64;
    }
    *equals = '\0';
    names[kinds] = argv[index];
    bodies[kinds] = equals + 1;
    kinds++;
  }
  if (kinds == 0 || pipelined < 0) {
    fprintf(stderr, "round_trips: no NAME=BODY to time, or a negative --pipelined\n");
    return 64;
  }
  char *frames = NULL;
  size_t frames_length = 0;
  if (pipelined > 0) {
    char one[1 << 12];
    size_t length = make_frame(one, sizeof one, bodies[0]);
    frames = malloc(length * (size_t)pipelined);
    if (frames == NULL) return 1;
    for (int copy = 0; copy < pipelined; copy++) memcpy(frames + length * (size_t)copy, one, length);
    frames_length = length * (size_t)pipelined;
  }
  int per_round = (count + rounds - 1) / rounds;
  size_t per_kind = (size_t)per_round * (size_t)rounds;
  double *samples = malloc(sizeof(double) * (size_t)server_count * (size_t)kinds * per_kind);
  double *throughput = malloc(sizeof(double) * (size_t)server_count * (size_t)rounds);
  int *taken = calloc((size_t)server_count * (size_t)kinds, sizeof(int));
  if (samples == NULL || throughput == NULL || taken == NULL) return 1;
  for (int round = 0; round < rounds; round++) {
    for (int index = 0; index < server_count; index++) {
      struct server *server = &servers[index];
      for (int kind = 0; kind < kinds; kind++) {
        for (int warm = 0; warm < 20; warm++) {
          send_request(server, bodies[kind]);
          read_answer(server);
        }
        int *done = &taken[index * kinds + kind];
        double *into = samples + ((size_t)index * (size_t)kinds + (size_t)kind) * per_kind;
        for (int sample = 0; sample < per_round && *done < count; sample++) {
          double started = now_us();
          send_request(server, bodies[kind]);
          read_answer(server);
          into[(*done)++] = now_us() - started;
        }
      }
    }
  }
  /* The pipelined rounds come after every one-at-a-time block: for a fraction of a second after a burst this VM's
   * scheduler places a multithreaded server's reader away from the client (see Benchmarks/README.md), so a block
   * right after a burst would time that, not the server's round trip. */
  for (int round = 0; round < rounds && pipelined > 0; round++) {
    for (int index = 0; index < server_count; index++) {
      throughput[index * rounds + round] = pipelined_block(&servers[index], frames, frames_length, pipelined);
    }
  }
  printf("[");
  for (int index = 0; index < server_count; index++) {
    printf("%s{", index ? ", " : "");
    for (int kind = 0; kind < kinds; kind++) {
      if (kind) printf(", ");
      print_percentiles(names[kind], samples + ((size_t)index * (size_t)kinds + (size_t)kind) * per_kind,
                        taken[index * kinds + kind]);
    }
    if (pipelined > 0) {
      double *values = throughput + index * rounds;
      printf(", \"pipelined\": {\"messages\": %d, \"rounds\": [", pipelined);
      for (int round = 0; round < rounds; round++) printf("%s%.0f", round ? ", " : "", values[round]);
      qsort(values, (size_t)rounds, sizeof(double), compare);
      printf("], \"msgs_per_s\": %.0f}", values[rounds / 2]);
    }
    printf("}");
  }
  printf("]\n");
  fflush(stdout);
  for (int index = 0; index < server_count; index++) close(servers[index].to);
  for (int index = 0; index < server_count; index++) {
    int status = 0;
    waitpid(servers[index].pid, &status, 0);
  }
  return 0;
}
