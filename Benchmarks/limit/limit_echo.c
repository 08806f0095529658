/* The limit: the least any Content-Length framed stdio server can do on this machine. It frames every
 * request on stdin and answers each with one canned framed response, batching the answers of one read
 * into one write. No JSON parsing, no dispatch: a floor, not a server. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char response[] = "Content-Length: 36\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}";

static int write_all(const char *data, size_t length) {
  while (length > 0) {
    ssize_t written = write(1, data, length);
    if (written < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    data += written;
    length -= (size_t)written;
  }
  return 0;
}

int main(void) {
  size_t capacity = 1 << 20, used = 0;
  char *buffer = malloc(capacity);
  size_t out_capacity = 1 << 20;
  char *out = malloc(out_capacity);
  if (!buffer || !out) return 1;
  for (;;) {
    if (used == capacity) {
      capacity *= 2;
      buffer = realloc(buffer, capacity);
      if (!buffer) return 1;
    }
    ssize_t count = read(0, buffer + used, capacity - used);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return 0;
    used += (size_t)count;
    size_t start = 0, out_used = 0;
    for (;;) {
      char *end = memmem(buffer + start, used - start, "\r\n\r\n", 4);
      if (!end) break;
      char *header = memmem(buffer + start, (size_t)(end - (buffer + start)), "Content-Length:", 15);
      if (!header) return 2;
      size_t length = strtoul(header + 15, NULL, 10);
      size_t body = (size_t)(end - buffer) + 4;
      if (body + length > used) break;
      if (out_used + sizeof response > out_capacity) {
        if (write_all(out, out_used) < 0) return 0;
        out_used = 0;
      }
      memcpy(out + out_used, response, sizeof response - 1);
      out_used += sizeof response - 1;
      start = body + length;
    }
    if (out_used > 0 && write_all(out, out_used) < 0) return 0;
    memmove(buffer, buffer + start, used - start);
    used -= start;
  }
}
