// The SSH benchmark's load generator: COUNT sessions with a pty each on one thread, on libssh.
//
//     ssh-load-client PORT KEY CIPHER COUNT SLOW SLOW_RATE
//
// Each session asks for a pty (xterm-256color, 80x24) and a shell, counts the spinner's braille
// glyphs it receives and presses a key every second (a-p, never q), timing it until the key
// shows eight times over in its output. ssh-load.py starts one per worker and drives it through
// its standard streams:
//
//     out: ready CONNECTED SECONDS ERROR       once every session is open (ERROR: the first, or -)
//     in:  START END                          the measuring window, CLOCK_MONOTONIC seconds
//     out: session SLOW FRAMES BYTES WINDOW_BYTES LATENCY...  per session, once the window ended
//     out: cpu SECONDS                        this process's CPU over the window
//     out: end
//
// Frames, window bytes and latencies count what happened inside the window (latencies by the
// time the key was sent). With SLOW 1, the first session reads SLOW_RATE bytes a second: past a
// second's share it stops reading until the next second (0: after its first kilobyte, for good).
//
// NB: written in C on libssh because the generator shares the two cores the servers are
// measured on. asyncssh decrypts every frame in Python: at 1,000 sessions its workers took a
// whole core, and the servers' latency measured the machine as much as the servers. Go's
// x/crypto/ssh (Debian's) sends a window adjustment per read, one more packet per frame for the
// server; libssh, as OpenSSH and asyncssh, opens the window when half of it is used
// (docs/serving.md, "Measured"). Every loop is bounded in count and time; nothing leaves
// 127.0.0.1.

#define _GNU_SOURCE  // memmem
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

#include <libssh/libssh.h>

enum { MAX_SESSIONS = 5000, READ_SIZE = 16384, TAIL = 16, HARD_LIMIT_SECONDS = 900 };
static const char KEYS[] = "abcdefghijklmnop";

struct latency {
  double sent, took;
};

struct session {
  ssh_session ssh;
  ssh_channel channel;
  int fd;
  int slow, closed, paused;
  long budget;
  double resume_at;
  double next_press;
  int presses;
  char pending;  // the key pressed and not yet seen, or 0
  double pending_since;
  unsigned char tail[TAIL];
  int tail_length;
  long frames, bytes, window_bytes;
  struct latency *latencies;
  int latency_count, latency_capacity;
};

static struct session sessions[MAX_SESSIONS];
static int session_count;
static double window_start = -1, window_end = -1;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int in_window(double t) { return window_start >= 0 && t >= window_start && t < window_end; }

static int fail_to_open(ssh_session ssh, const char *what, char *error, size_t size) {
  if (error[0] == 0) snprintf(error, size, "%s: %s", what, ssh_get_error(ssh));
  return -1;
}

static int open_session(struct session *s, int port, ssh_key key, const char *cipher,
                        char *error, size_t size) {
  ssh_session ssh = ssh_new();
  if (ssh == NULL) return snprintf(error, size, "ssh_new failed"), -1;
  s->ssh = ssh;
  int no = 0;
  long timeout = 60;
  ssh_options_set(ssh, SSH_OPTIONS_HOST, "127.0.0.1");
  ssh_options_set(ssh, SSH_OPTIONS_PORT, &port);
  ssh_options_set(ssh, SSH_OPTIONS_USER, "bench");
  ssh_options_set(ssh, SSH_OPTIONS_PROCESS_CONFIG, &no);
  ssh_options_set(ssh, SSH_OPTIONS_KNOWNHOSTS, "/dev/null");
  ssh_options_set(ssh, SSH_OPTIONS_TIMEOUT, &timeout);
  if (ssh_options_set(ssh, SSH_OPTIONS_CIPHERS_C_S, cipher) != SSH_OK ||
      ssh_options_set(ssh, SSH_OPTIONS_CIPHERS_S_C, cipher) != SSH_OK)
    return fail_to_open(ssh, "cipher", error, size);
  if (ssh_connect(ssh) != SSH_OK) return fail_to_open(ssh, "connect", error, size);
  // NB: the server is ours, on loopback, with a key made for this run: its key is not checked.
  if (ssh_userauth_publickey(ssh, NULL, key) != SSH_AUTH_SUCCESS)
    return fail_to_open(ssh, "authentication", error, size);
  s->channel = ssh_channel_new(ssh);
  if (s->channel == NULL || ssh_channel_open_session(s->channel) != SSH_OK ||
      ssh_channel_request_pty_size(s->channel, "xterm-256color", 80, 24) != SSH_OK ||
      ssh_channel_request_shell(s->channel) != SSH_OK)
    return fail_to_open(ssh, "session", error, size);
  ssh_set_blocking(ssh, 0);
  s->fd = ssh_get_fd(ssh);
  s->budget = 1024;
  return 0;
}

static void record_latency(struct session *s, double sent, double took) {
  if (s->latency_count == s->latency_capacity) {
    int capacity = s->latency_capacity ? 2 * s->latency_capacity : 16;
    struct latency *grown = realloc(s->latencies, (size_t)capacity * sizeof *grown);
    if (grown == NULL) return;
    s->latencies = grown;
    s->latency_capacity = capacity;
  }
  s->latencies[s->latency_count++] = (struct latency){sent, took};
}

static void received(struct session *s, const unsigned char *data, int length, double t) {
  static unsigned char text[TAIL + READ_SIZE];
  memcpy(text, s->tail, (size_t)s->tail_length);
  memcpy(text + s->tail_length, data, (size_t)length);
  int total = s->tail_length + length;
  s->bytes += length;
  if (in_window(t)) s->window_bytes += length;
  // A glyph's first two bytes (E2 A0); one that spans the last read is counted now.
  for (int i = s->tail_length > 0 ? s->tail_length - 1 : 0; i + 1 < total; i++)
    if (text[i] == 0xE2 && text[i + 1] == 0xA0 && in_window(t)) s->frames++;
  if (s->pending) {
    char echo[8];
    memset(echo, s->pending, sizeof echo);
    if (memmem(text, (size_t)total, echo, sizeof echo) != NULL) {
      if (in_window(s->pending_since)) record_latency(s, s->pending_since, t - s->pending_since);
      s->pending = 0;
    }
  }
  int keep = total < TAIL ? total : TAIL;
  memmove(s->tail, text + total - keep, (size_t)keep);
  s->tail_length = keep;
}

static void stop_watching(int epoll, struct session *s) {
  epoll_ctl(epoll, EPOLL_CTL_DEL, s->fd, NULL);
}

static void watch(int epoll, int fd, int index) {
  struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)index};
  epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

static void read_session(int epoll, struct session *s, int slow_rate) {
  static unsigned char buffer[READ_SIZE];
  // Bounded: what one wake brings, at most a megabyte.
  for (int round = 0; round < 64 && !s->closed && !s->paused; round++) {
    int n = ssh_channel_read_nonblocking(s->channel, buffer, sizeof buffer, 0);
    if (n == SSH_ERROR || (n == 0 && ssh_channel_is_eof(s->channel))) {
      s->closed = 1;
      stop_watching(epoll, s);
      return;
    }
    if (n <= 0) return;
    double t = now();
    received(s, buffer, n, t);
    if (s->slow) {
      s->budget -= n;
      if (s->budget <= 0) {
        s->paused = 1;
        stop_watching(epoll, s);
        s->resume_at = slow_rate > 0 ? t + 1.0 : -1;
      }
    }
  }
}

static void press(struct session *s, double t) {
  if (s->closed || (s->pending && t - s->pending_since <= 5)) return;
  char key = KEYS[s->presses % (int)(sizeof KEYS - 1)];
  if (ssh_channel_write(s->channel, &key, 1) == SSH_ERROR) {
    s->closed = 1;
    return;
  }
  s->pending = key;
  s->pending_since = t;
  s->presses++;
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: ssh-load-client PORT KEY CIPHER COUNT SLOW SLOW_RATE\n");
    return 2;
  }
  int port = atoi(argv[1]);
  const char *key_path = argv[2], *cipher = argv[3];
  int count = atoi(argv[4]), slow = atoi(argv[5]), slow_rate = atoi(argv[6]);
  if (count < 1 || count > MAX_SESSIONS || port < 1 || port > 65535 || slow_rate < 0) {
    fprintf(stderr, "ssh-load-client: COUNT must be 1...%d, PORT 1...65535\n", MAX_SESSIONS);
    return 2;
  }
  setvbuf(stdout, NULL, _IOFBF, 1 << 16);
  ssh_key key = NULL;
  if (ssh_pki_import_privkey_file(key_path, NULL, NULL, NULL, &key) != SSH_OK) {
    fprintf(stderr, "ssh-load-client: cannot read the key %s\n", key_path);
    return 1;
  }
  double started = now();
  char error[256] = "";
  for (int i = 0; i < count; i++) {
    struct session *s = &sessions[session_count];
    memset(s, 0, sizeof *s);
    if (open_session(s, port, key, cipher, error, sizeof error) != 0) {
      if (s->ssh) ssh_free(s->ssh);
      continue;
    }
    s->slow = slow && session_count == 0;
    session_count++;
  }
  for (char *c = error; *c; c++)
    if (*c == '\n') *c = ' ';
  printf("ready %d %.3f %s\n", session_count, now() - started, error[0] ? error : "-");
  fflush(stdout);

  int epoll = epoll_create1(EPOLL_CLOEXEC);
  watch(epoll, STDIN_FILENO, -1);
  double begun = now();
  for (int i = 0; i < session_count; i++) {
    sessions[i].next_press = begun + (double)((i * 618) % 1000) / 1000.0;
    watch(epoll, sessions[i].fd, i);
  }
  // Keys are pressed in the order of their phase, each a second after the last: a ring.
  int *order = malloc(sizeof(int) * (size_t)(session_count > 0 ? session_count : 1));
  for (int i = 0; i < session_count; i++) order[i] = i;
  for (int i = 1; i < session_count; i++)  // insertion sort by phase: once, at most 5,000
    for (int j = i; j > 0 && sessions[order[j]].next_press < sessions[order[j - 1]].next_press; j--) {
      int swap = order[j];
      order[j] = order[j - 1];
      order[j - 1] = swap;
    }
  int next = 0;
  double cpu_start = -1, cpu_end = -1;
  char line[128];
  size_t line_length = 0;
  struct epoll_event events[256];
  while (now() < begun + HARD_LIMIT_SECONDS) {
    double t = now();
    if (window_start >= 0 && cpu_start < 0 && t >= window_start) cpu_start = cpu_now();
    if (window_start >= 0 && cpu_end < 0 && t >= window_end) cpu_end = cpu_now();
    if (window_start >= 0 && t >= window_end + 0.5) break;
    // Bounded: one press per session per turn of the ring.
    for (int pressed = 0; session_count > 0 && pressed < session_count; pressed++) {
      struct session *s = &sessions[order[next]];
      if (s->next_press > t) break;
      press(s, t);
      s->next_press += 1.0;
      next = (next + 1) % session_count;
    }
    if (slow && session_count > 0 && sessions[0].paused && sessions[0].resume_at >= 0 &&
        t >= sessions[0].resume_at) {
      sessions[0].paused = 0;
      sessions[0].budget += slow_rate;
      watch(epoll, sessions[0].fd, 0);
    }
    double wait = session_count > 0 ? sessions[order[next]].next_press - t : 0.01;
    int timeout = wait <= 0 ? 0 : wait > 0.01 ? 10 : (int)(wait * 1000) + 1;
    int ready = epoll_wait(epoll, events, 256, timeout);
    for (int e = 0; e < ready; e++) {
      int index = (int)events[e].data.u32;
      if (index >= 0 && index < session_count) {
        read_session(epoll, &sessions[index], slow_rate);
        continue;
      }
      ssize_t n = read(STDIN_FILENO, line + line_length, sizeof line - 1 - line_length);
      if (n <= 0) {
        epoll_ctl(epoll, EPOLL_CTL_DEL, STDIN_FILENO, NULL);
        if (window_start < 0) window_start = window_end = now();  // nothing to measure
        continue;
      }
      line_length += (size_t)n;
      line[line_length] = 0;
      if (strchr(line, '\n') != NULL && sscanf(line, "%lf %lf", &window_start, &window_end) != 2)
        window_start = window_end = now();
    }
  }
  if (cpu_start < 0) cpu_start = cpu_now();
  if (cpu_end < 0) cpu_end = cpu_now();
  for (int i = 0; i < session_count; i++) {
    struct session *s = &sessions[i];
    printf("session %d %ld %ld %ld", s->slow, s->frames, s->bytes, s->window_bytes);
    for (int l = 0; l < s->latency_count; l++) printf(" %.6f", s->latencies[l].took);
    printf("\n");
  }
  printf("cpu %.6f\nend\n", cpu_end - cpu_start);
  fflush(stdout);
  for (int i = 0; i < session_count; i++) {
    ssh_channel_close(sessions[i].channel);
    ssh_channel_free(sessions[i].channel);
    ssh_disconnect(sessions[i].ssh);
    ssh_free(sessions[i].ssh);
    free(sessions[i].latencies);
  }
  free(order);
  ssh_key_free(key);
  return 0;
}
