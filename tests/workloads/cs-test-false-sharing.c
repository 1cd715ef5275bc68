/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-false-sharing.c — two threads, two counters, one or two cachelines
 *
 * Usage: cs-test-false-sharing MODE [SECONDS [watch]]   (default 0.5 s)
 *   MODE: adjacent | padded | adjacent-plain | padded-plain
 *
 * Thread 1 increments counter a, thread 2 counter b, until the main thread
 * raises the stop flag: once each of them has run SECONDS of CPU time, so
 * that the samples of a cpu-clock recording do not depend on how much CPU
 * a loaded machine leaves the threads. "adjacent": a and b are neighbours in one 64-byte
 * line (false sharing); "padded": b is 64 bytes after a (two lines).
 *
 * The program prints where its counters and its loop are, which is the
 * ground truth the memory-profile test checks the reconstruction against
 * (the addresses are this run's, so ASLR does not matter):
 *
 *   counter_a 0x…
 *   counter_b 0x…
 *   stop 0x…
 *   loop 0x…         the loop's function (cs_fs_loop or cs_fs_plain_loop)
 *   inner 0x…        first instruction of the increment loop
 *   inner_end 0x…    one past its last
 *   tid_a N
 *   tid_b N
 *
 * The increment loop is written in assembly so that its instructions, and
 * so which of its IPs access the counter, are fixed:
 *
 *   inner+0:  48 83 07 01   addq $1,(%rdi)     8-byte read-modify-write of the counter
 *   inner+4:  48 83 07 01   addq $1,(%rdi)
 *   inner+8:  48 83 07 01   addq $1,(%rdi)
 *   inner+12: 48 83 07 01   addq $1,(%rdi)
 *   inner+16: ff c9         dec  %ecx
 *   inner+18: 75 ..         jne  inner
 *
 * with %rdi = the counter's address all along. Read-modify-writes in a row
 * rather than load, add, store: a cpu-clock interrupt is taken when an
 * instruction retires, so a sample's IP is usually the instruction *after*
 * the slow access (skid); after a load that is the add, which touches no
 * memory. Here the next instruction is mostly another access to the
 * counter. The stop flag (its own line) is read once every 1000 rounds, so
 * nearly all samples are in that loop.
 *
 * The "-plain" modes run instead the loop a compiler makes of a volatile
 * `c->n++` (cs-demo's increment_loop at -O2), pinned in assembly too:
 *
 *   inner+0:  48 8b 07      mov (%rdi),%rax    8-byte load of the counter
 *   inner+3:  48 83 c0 01   add $0x1,%rax
 *   inner+7:  48 89 07      mov %rax,(%rdi)    8-byte store of the counter
 *   inner+10: ff c9         dec %ecx
 *   inner+12: 75 f2         jne inner
 *
 * (`objdump -d build/tests/cs-test-false-sharing`, cs_fs_plain_loop.) Its
 * samples mostly land on the add and the dec, one instruction after the
 * accesses: the case the profile's skid correction is for.
 *
 * With a third argument "watch" each worker first puts a hardware write
 * breakpoint on its own counter (perf_event_open, PERF_TYPE_BREAKPOINT,
 * HW_BREAKPOINT_W, 8 bytes, sample_period 1, this thread only) and
 * afterwards prints what the hardware saw, an independent witness of which
 * instruction writes the counter:
 *
 *   watch_a writes N final M   breakpoint hits, and the counter's final value
 *   watch_a_ip 0x… N           each IP the breakpoint reported, with hits
 *
 * (and the same for b). A data breakpoint is a trap: the IP it reports is
 * the instruction *after* the store. Not for recording: every write traps.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void cs_fs_loop (volatile uint64_t *counter, volatile int *stop);
void cs_fs_plain_loop (volatile uint64_t *counter, volatile int *stop);
extern const char cs_fs_inner[], cs_fs_inner_end[];
extern const char cs_fs_plain_inner[], cs_fs_plain_inner_end[];

__asm__ (
  ".text\n"
  ".globl cs_fs_loop\n"
  ".hidden cs_fs_loop\n"
  ".type cs_fs_loop, @function\n"
  "cs_fs_loop:\n"
  "1:\n"
  "  mov $1000, %ecx\n"
  ".globl cs_fs_inner\n"
  ".hidden cs_fs_inner\n"
  "cs_fs_inner:\n"
  "  addq $1, (%rdi)\n"
  "  addq $1, (%rdi)\n"
  "  addq $1, (%rdi)\n"
  "  addq $1, (%rdi)\n"
  "  dec %ecx\n"
  "  jne cs_fs_inner\n"
  ".globl cs_fs_inner_end\n"
  ".hidden cs_fs_inner_end\n"
  "cs_fs_inner_end:\n"
  "  cmpl $0, (%rsi)\n"
  "  je 1b\n"
  "  ret\n"
  ".size cs_fs_loop, .-cs_fs_loop\n"
);

__asm__ (
  ".text\n"
  ".globl cs_fs_plain_loop\n"
  ".hidden cs_fs_plain_loop\n"
  ".type cs_fs_plain_loop, @function\n"
  "cs_fs_plain_loop:\n"
  "1:\n"
  "  mov $1000, %ecx\n"
  ".globl cs_fs_plain_inner\n"
  ".hidden cs_fs_plain_inner\n"
  "cs_fs_plain_inner:\n"
  "  mov (%rdi), %rax\n"
  "  add $1, %rax\n"
  "  mov %rax, (%rdi)\n"
  "  dec %ecx\n"
  "  jne cs_fs_plain_inner\n"
  ".globl cs_fs_plain_inner_end\n"
  ".hidden cs_fs_plain_inner_end\n"
  "cs_fs_plain_inner_end:\n"
  "  cmpl $0, (%rsi)\n"
  "  je 1b\n"
  "  ret\n"
  ".size cs_fs_plain_loop, .-cs_fs_plain_loop\n"
);

struct adjacent
{
  volatile uint64_t a;
  volatile uint64_t b;
} __attribute__((aligned (64)));

struct padded
{
  volatile uint64_t a;
  char              pad[56];
  volatile uint64_t b;
} __attribute__((aligned (64)));

static struct adjacent adjacent;
static struct padded padded;
/* Own line: both threads read it; it must not share a line with a counter. */
static struct { volatile int flag; } __attribute__((aligned (64))) stop;

#define MAX_WATCH_IPS 16
#define RING_PAGES    8

typedef struct
{
  volatile uint64_t *counter;
  void             (*loop) (volatile uint64_t *, volatile int *);
  pid_t              tid;
  pthread_barrier_t *ready;
  int                watch;
  /* with watch: */
  int                watch_ok;
  uint64_t           writes;
  uint64_t           ips[MAX_WATCH_IPS];
  uint64_t           hits[MAX_WATCH_IPS];
  unsigned           n_ips;
} Worker;

/* A write breakpoint on @addr for the calling thread, with its ring
 * buffer mapped at *@ring; -1 when breakpoints are not available. */
static int
open_watch (volatile uint64_t *addr,
            void             **ring,
            size_t            *ring_size)
{
  struct perf_event_attr attr;
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  int fd;

  memset (&attr, 0, sizeof attr);
  attr.type = PERF_TYPE_BREAKPOINT;
  attr.size = sizeof attr;
  attr.bp_type = HW_BREAKPOINT_W;
  attr.bp_addr = (uint64_t) (uintptr_t) addr;
  attr.bp_len = HW_BREAKPOINT_LEN_8;
  attr.sample_period = 1;
  attr.sample_type = PERF_SAMPLE_IP;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  fd = (int) syscall (SYS_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0)
    return -1;
  *ring_size = page * (1 + RING_PAGES);
  *ring = mmap (NULL, *ring_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (*ring == MAP_FAILED)
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* Collects the distinct IPs of the samples left in the ring buffer (it
 * fills up quickly; the IPs repeat, so what fits is enough). */
static void
drain_watch (Worker *w,
             void   *ring)
{
  struct perf_event_mmap_page *meta = ring;
  const unsigned char *data = (const unsigned char *) ring + meta->data_offset;
  uint64_t head = __atomic_load_n (&meta->data_head, __ATOMIC_ACQUIRE);
  uint64_t size = meta->data_size;

  for (uint64_t pos = meta->data_tail; pos + sizeof (struct perf_event_header) <= head;)
    {
      struct perf_event_header h;
      uint64_t ip;
      unsigned i;

      /* Records may wrap around the end of the buffer: copy byte-wise. */
      for (size_t k = 0; k < sizeof h; k++)
        ((unsigned char *) &h)[k] = data[(pos + k) % size];
      if (h.size == 0)
        break;
      if (h.type == PERF_RECORD_SAMPLE)
        {
          for (size_t k = 0; k < sizeof ip; k++)
            ((unsigned char *) &ip)[k] = data[(pos + sizeof h + k) % size];
          for (i = 0; i < w->n_ips && w->ips[i] != ip; i++)
            ;
          if (i == w->n_ips && w->n_ips < MAX_WATCH_IPS)
            w->ips[w->n_ips++] = ip;
          if (i < w->n_ips)
            w->hits[i]++;
        }
      pos += h.size;
    }
}

static void *
work (void *data)
{
  Worker *w = data;
  void *ring = NULL;
  size_t ring_size = 0;
  int fd = -1;

  w->tid = (pid_t) syscall (SYS_gettid);
  if (w->watch)
    fd = open_watch (w->counter, &ring, &ring_size);
  pthread_barrier_wait (w->ready);
  w->loop (w->counter, &stop.flag);
  if (fd >= 0)
    {
      uint64_t count = 0;

      ioctl (fd, PERF_EVENT_IOC_DISABLE, 0);
      if (read (fd, &count, sizeof count) == (ssize_t) sizeof count)
        {
          w->writes = count;
          w->watch_ok = 1;
        }
      drain_watch (w, ring);
      munmap (ring, ring_size);
      close (fd);
    }
  return NULL;
}

static void
print_watch (const char   *name,
             const Worker *w)
{
  if (!w->watch_ok)
    {
      printf ("watch_%s unavailable\n", name);
      return;
    }
  printf ("watch_%s writes %" PRIu64 " final %" PRIu64 "\n", name, w->writes, (uint64_t) *w->counter);
  for (unsigned i = 0; i < w->n_ips; i++)
    printf ("watch_%s_ip 0x%" PRIx64 " %" PRIu64 "\n", name, w->ips[i], w->hits[i]);
}

static double
cpu_seconds (clockid_t clock)
{
  struct timespec ts = { 0, 0 };

  clock_gettime (clock, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

int
main (int    argc,
      char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "adjacent";
  int plain = strlen (mode) > 6 && strcmp (mode + strlen (mode) - 6, "-plain") == 0;
  size_t layout_len = plain ? strlen (mode) - 6 : strlen (mode);
  void (*loop) (volatile uint64_t *, volatile int *) = plain ? cs_fs_plain_loop : cs_fs_loop;
  const char *inner = plain ? cs_fs_plain_inner : cs_fs_inner;
  const char *inner_end = plain ? cs_fs_plain_inner_end : cs_fs_inner_end;
  double seconds = argc > 2 ? atof (argv[2]) : 0.5;
  int watch = argc > 3 && strcmp (argv[3], "watch") == 0;
  volatile uint64_t *a, *b;
  pthread_barrier_t ready;
  Worker wa = { 0 }, wb = { 0 };
  pthread_t ta, tb;
  clockid_t clock_a, clock_b;
  struct timespec nap;

  if (strncmp (mode, "adjacent", layout_len) == 0 && layout_len == 8)
    {
      a = &adjacent.a;
      b = &adjacent.b;
    }
  else if (strncmp (mode, "padded", layout_len) == 0 && layout_len == 6)
    {
      a = &padded.a;
      b = &padded.b;
    }
  else
    {
      fprintf (stderr, "usage: %s adjacent|padded|adjacent-plain|padded-plain [SECONDS [watch]]\n",
               argv[0]);
      return 2;
    }

  pthread_barrier_init (&ready, NULL, 3);
  wa.counter = a;
  wa.loop = loop;
  wb.loop = loop;
  wa.ready = &ready;
  wa.watch = watch;
  wb.counter = b;
  wb.ready = &ready;
  wb.watch = watch;
  if (pthread_create (&ta, NULL, work, &wa) != 0 || pthread_create (&tb, NULL, work, &wb) != 0)
    {
      perror ("pthread_create");
      return 1;
    }
  pthread_barrier_wait (&ready);

  printf ("counter_a %p\ncounter_b %p\nstop %p\nloop %p\ninner %p\ninner_end %p\ntid_a %d\n"
          "tid_b %d\n", (void *) a, (void *) b, (void *) &stop.flag, (void *) (uintptr_t) loop,
          (void *) inner, (void *) inner_end, (int) wa.tid, (int) wb.tid);
  fflush (stdout);

  /* Each worker's own CPU clock, checked every 10 ms. */
  if (pthread_getcpuclockid (ta, &clock_a) != 0 || pthread_getcpuclockid (tb, &clock_b) != 0)
    {
      perror ("pthread_getcpuclockid");
      return 1;
    }
  nap.tv_sec = 0;
  nap.tv_nsec = 10 * 1000 * 1000;
  while (cpu_seconds (clock_a) < seconds || cpu_seconds (clock_b) < seconds)
    nanosleep (&nap, NULL);
  stop.flag = 1;
  pthread_join (ta, NULL);
  pthread_join (tb, NULL);
  if (watch)
    {
      print_watch ("a", &wa);
      print_watch ("b", &wb);
    }
  return 0;
}
