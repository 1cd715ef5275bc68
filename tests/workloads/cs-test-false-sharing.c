/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-false-sharing.c — two workers, two counters, one or two cachelines
 *
 * Usage: cs-test-false-sharing LAYOUT[-LOOP] [SECONDS [watch]]   (default 0.5 s)
 *
 *   LAYOUT  where the two workers' counters are:
 *     adjacent       two threads, neighbours in one 64-byte line (false sharing)
 *     padded         two threads, b 64 bytes after a (two lines)
 *     same           two threads on one counter (true sharing)
 *     shared         two processes (fork) on a MAP_SHARED|MAP_ANONYMOUS page,
 *                    neighbours in one line of it (false sharing across processes)
 *     shared-padded  the same, 64 bytes apart (two lines)
 *     shared-file    two processes each mapping one POSIX shared-memory file
 *                    (/dev/shm) themselves, at different addresses; neighbours
 *   LOOP    how each worker writes its counter (cs-test-false-sharing-loops.S):
 *     (none)   addq $1,(%rdi) ×4: read-modify-writes
 *     plain    load; add; store, as a compiler makes c->n++
 *     cmpxchg  a lock cmpxchg loop
 *     movups   16-byte unaligned vector stores
 *     memcpy   glibc's memcpy of 16 bytes into the counter
 *     spin     one store, then a spin-wait on the stop flag (loop head at a jump target)
 *
 * Neighbouring counters are as far apart as one access is wide: 8 bytes, 16
 * for movups and memcpy.
 *
 * The program prints where its counters and its loop are, the ground truth
 * the memory tests check the reconstruction against (the addresses are this
 * run's, so ASLR does not matter):
 *
 *   counter_a 0x…    counter_b 0x…   (each in its own process for shared-*)
 *   stop 0x…         the stop flag (its own line)
 *   loop 0x…         the loop's function
 *   inner 0x…        first instruction of its inner loop (0 for memcpy)
 *   inner_end 0x…    one past its last
 *   tid_a N  tid_b N  pid_a N  pid_b N
 *   offset_a N  offset_b N   shared-*: the counters' offsets in the shared page
 *
 * With a third argument "watch" (thread layouts) each worker first puts a
 * hardware write breakpoint on its own counter (perf_event_open,
 * PERF_TYPE_BREAKPOINT, HW_BREAKPOINT_W, 8 bytes, sample_period 1, this
 * thread only) and afterwards prints what the hardware saw, an independent
 * witness of which instruction writes the counter:
 *
 *   watch_a writes N final M   breakpoint hits, and the counter's final value
 *   watch_a_ip 0x… N           each IP the breakpoint reported, with hits
 *
 * (and the same for b). A data breakpoint is a trap: the IP it reports is
 * the instruction *after* the store. Not for recording: every write traps.
 */
#define _GNU_SOURCE
#include <fcntl.h>
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
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef void (*LoopFunc) (volatile uint64_t *counter, volatile int *stop);

void cs_fs_loop (volatile uint64_t *counter, volatile int *stop);
void cs_fs_plain_loop (volatile uint64_t *counter, volatile int *stop);
void cs_fs_cmpxchg_loop (volatile uint64_t *counter, volatile int *stop);
void cs_fs_movups_loop (volatile uint64_t *counter, volatile int *stop);
void cs_fs_spin_loop (volatile uint64_t *counter, volatile int *stop);
extern const char cs_fs_inner[], cs_fs_inner_end[];
extern const char cs_fs_plain_inner[], cs_fs_plain_inner_end[];
extern const char cs_fs_cmpxchg_inner[], cs_fs_cmpxchg_inner_end[];
extern const char cs_fs_movups_inner[], cs_fs_movups_inner_end[];
extern const uint64_t cs_fs_spin_inner_offset, cs_fs_spin_end_offset;

/* Called through a volatile pointer with a volatile size, so that the
 * compiler cannot inline it: the stores are glibc's own (vector moves). */
static void *(*volatile copy) (void *, const void *, size_t) = memcpy;
static volatile size_t copy_size = 16;

static void
cs_fs_memcpy_loop (volatile uint64_t *counter,
                   volatile int      *stop)
{
  uint64_t src[2] = { 1, 2 };

  while (!*stop)
    for (int i = 0; i < 1000; i++)
      copy ((void *) counter, src, copy_size);
}

typedef struct
{
  const char *name;
  LoopFunc    func;
  const char *inner, *inner_end;
  size_t      width;        /* bytes one access writes */
} Loop;

static const Loop loops[] = {
  { "", cs_fs_loop, cs_fs_inner, cs_fs_inner_end, 8 },
  { "plain", cs_fs_plain_loop, cs_fs_plain_inner, cs_fs_plain_inner_end, 8 },
  { "cmpxchg", cs_fs_cmpxchg_loop, cs_fs_cmpxchg_inner, cs_fs_cmpxchg_inner_end, 8 },
  { "movups", cs_fs_movups_loop, cs_fs_movups_inner, cs_fs_movups_inner_end, 16 },
  { "memcpy", cs_fs_memcpy_loop, NULL, NULL, 16 },
  { "spin", cs_fs_spin_loop, NULL, NULL, 8 },   /* the loop has no symbols: see main () */
};

typedef enum { SPACING_ADJACENT, SPACING_PADDED, SPACING_SAME } Spacing;
typedef enum { SHARE_THREADS, SHARE_FORK, SHARE_FILE } Share;

typedef struct
{
  const char *name;
  Spacing     spacing;
  Share       share;
} Layout;

static const Layout layouts[] = {
  { "adjacent", SPACING_ADJACENT, SHARE_THREADS },
  { "padded", SPACING_PADDED, SHARE_THREADS },
  { "same", SPACING_SAME, SHARE_THREADS },
  { "shared", SPACING_ADJACENT, SHARE_FORK },
  { "shared-padded", SPACING_PADDED, SHARE_FORK },
  { "shared-file", SPACING_ADJACENT, SHARE_FILE },
};

/* Everything the workers share, each part on lines of its own: in a static
 * variable for threads, in the shared page for processes. */
typedef struct
{
  uint64_t          counters[16];    /* 128 bytes: a at 0, b at 8, 16 or 64 */
  volatile int      stop __attribute__((aligned (64)));
  volatile int      ready __attribute__((aligned (64)));
  /* The child process's worker reports here. */
  volatile int      child_tid __attribute__((aligned (64)));
  volatile uint64_t child_counter;
} __attribute__((aligned (64))) Area;

static Area area;

#define MAX_WATCH_IPS 16
#define RING_PAGES    8

typedef struct
{
  volatile uint64_t *counter;
  LoopFunc           loop;
  Area              *area;
  pid_t              tid;
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


/* Counts itself in, then waits for the two workers and the main thread. */
static void
rendezvous (Area *a,
            int   total)
{
  __atomic_add_fetch (&a->ready, 1, __ATOMIC_SEQ_CST);
  while (__atomic_load_n (&a->ready, __ATOMIC_SEQ_CST) < total)
    ;
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
  rendezvous (w->area, 3);
  w->loop (w->counter, &w->area->stop);
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


static int
usage (const char *argv0)
{
  fprintf (stderr, "usage: %s adjacent|padded|same|shared|shared-padded|shared-file"
           "[-plain|-cmpxchg|-movups|-memcpy|-spin] [SECONDS [watch]]\n", argv0);
  return 2;
}

/* b's offset from a in the counters. */
static size_t
offset_b (const Layout *layout,
          const Loop   *loop)
{
  switch (layout->spacing)
    {
    case SPACING_ADJACENT: return loop->width;
    case SPACING_PADDED: return 64;
    case SPACING_SAME:
    default: return 0;
    }
}

/* The shared page of a shared-* layout: anonymous (inherited over fork) or
 * the POSIX shared-memory file @shm_name, already unlinked from /dev/shm
 * when this returns NULL. */
static Area *
map_shared (const Layout *layout,
            const char   *shm_name,
            int          *fd)
{
  void *p;

  *fd = -1;
  if (layout->share == SHARE_FORK)
    p = mmap (NULL, sizeof (Area), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  else
    {
      if ((*fd = shm_open (shm_name, O_CREAT | O_RDWR | O_EXCL, 0600)) < 0)
        {
          perror ("shm_open");
          return NULL;
        }
      if (ftruncate (*fd, sizeof (Area)) != 0)
        {
          perror ("ftruncate");
          shm_unlink (shm_name);
          return NULL;
        }
      p = mmap (NULL, sizeof (Area), PROT_READ | PROT_WRITE, MAP_SHARED, *fd, 0);
    }
  if (p == MAP_FAILED)
    {
      perror ("mmap");
      if (*fd >= 0)
        shm_unlink (shm_name);
      return NULL;
    }
  return p;
}

/* The child process of a shared-* layout: worker b in its main thread. For
 * shared-file it maps the file itself, after another page, so that its
 * counters lie at an address of its own; it reports its tid and counter. */
static void
child_main (Area     *a,
            int       fd,
            size_t    b_offset,
            LoopFunc  loop)
{
  if (fd >= 0)
    {
      void *other, *own;

      /* The inherited mapping's place is taken first by other memory. */
      munmap (a, sizeof (Area));
      other = mmap (NULL, 2 * sizeof (Area), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      own = mmap (NULL, sizeof (Area), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
      if (other == MAP_FAILED || own == MAP_FAILED)
        _exit (1);
      a = own;
    }
  a->child_counter = (uint64_t) (uintptr_t) ((char *) a->counters + b_offset);
  a->child_tid = (int) syscall (SYS_gettid);
  rendezvous (a, 3);
  loop ((volatile uint64_t *) (uintptr_t) a->child_counter, &a->stop);
  _exit (0);
}

int
main (int    argc,
      char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "adjacent";
  const Layout *layout = NULL;
  const Loop *loop = &loops[0];
  double seconds = argc > 2 ? atof (argv[2]) : 0.5;
  int watch = argc > 3 && strcmp (argv[3], "watch") == 0;
  char shm_name[64];
  Area *a = &area;
  Worker wa = { 0 }, wb = { 0 };
  pthread_t ta, tb;
  struct timespec nap;
  pid_t child = 0;
  size_t b_offset;
  int fd = -1;

  /* LAYOUT[-LOOP]: layouts have dashes of their own, so try each suffix. */
  for (size_t i = 0; i < sizeof layouts / sizeof layouts[0] && layout == NULL; i++)
    {
      size_t n = strlen (layouts[i].name);

      if (strncmp (mode, layouts[i].name, n) == 0 && (mode[n] == '\0' || mode[n] == '-'))
        {
          const char *rest = mode[n] == '-' ? mode + n + 1 : "";
          size_t k;

          for (k = 0; k < sizeof loops / sizeof loops[0] && strcmp (rest, loops[k].name) != 0; k++)
            ;
          if (k < sizeof loops / sizeof loops[0])
            {
              layout = &layouts[i];
              loop = &loops[k];
            }
        }
    }
  if (layout == NULL || (watch && layout->share != SHARE_THREADS))
    return usage (argv[0]);
  b_offset = offset_b (layout, loop);
  if (loop->func == cs_fs_spin_loop)
    {
      static Loop spin;

      spin = *loop;
      spin.inner = (const char *) (uintptr_t) cs_fs_spin_loop + cs_fs_spin_inner_offset;
      spin.inner_end = (const char *) (uintptr_t) cs_fs_spin_loop + cs_fs_spin_end_offset;
      loop = &spin;
    }

  snprintf (shm_name, sizeof shm_name, "/cs-test-false-sharing-%d", (int) getpid ());
  /* Fresh shared pages are zero, like the static area: nothing but the
   * workers touches the counters' lines. */
  if (layout->share != SHARE_THREADS && (a = map_shared (layout, shm_name, &fd)) == NULL)
    return 1;

  wa.counter = a->counters;
  wa.loop = loop->func;
  wa.area = a;
  wa.watch = watch;
  wb = wa;
  wb.counter = (volatile uint64_t *) ((char *) a->counters + b_offset);
  if (layout->share != SHARE_THREADS)
    {
      fflush (stdout);
      if ((child = fork ()) < 0)
        {
          perror ("fork");
          return 1;
        }
      if (child == 0)
        child_main (a, fd, b_offset, loop->func);
    }
  if (pthread_create (&ta, NULL, work, &wa) != 0 ||
      (child == 0 && pthread_create (&tb, NULL, work, &wb) != 0))
    {
      perror ("pthread_create");
      return 1;
    }
  rendezvous (a, 3);

  printf ("counter_a %p\ncounter_b %p\nstop %p\nloop %p\ninner %p\ninner_end %p\ntid_a %d\n"
          "tid_b %d\npid_a %d\npid_b %d\n", (void *) wa.counter,
          child != 0 ? (void *) (uintptr_t) a->child_counter : (void *) wb.counter,
          (void *) &a->stop, (void *) (uintptr_t) loop->func, (void *) loop->inner,
          (void *) loop->inner_end, (int) wa.tid, child != 0 ? a->child_tid : (int) wb.tid,
          (int) getpid (), child != 0 ? (int) child : (int) getpid ());
  if (child != 0)
    printf ("offset_a %zu\noffset_b %zu\n", (size_t) 0, b_offset);
  fflush (stdout);

  nap.tv_sec = (time_t) seconds;
  nap.tv_nsec = (long) ((seconds - (double) nap.tv_sec) * 1e9);
  nanosleep (&nap, NULL);
  a->stop = 1;
  pthread_join (ta, NULL);
  if (child != 0)
    {
      int status = 0;

      waitpid (child, &status, 0);
      if (fd >= 0)
        shm_unlink (shm_name);
      if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
        {
          fprintf (stderr, "the child process failed\n");
          return 1;
        }
    }
  else
    pthread_join (tb, NULL);
  if (watch)
    {
      print_watch ("a", &wa);
      print_watch ("b", &wb);
    }
  return 0;
}
