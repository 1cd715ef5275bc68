/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-attach.c — a running program for `record -p` to attach to
 *
 *   cs-test-attach fork     the main thread spins in attach_parent_spin();
 *                           on a line on stdin it forks a child that spins
 *                           in attach_child_spin()
 *   cs-test-attach threads  a thread spins in attach_thread_before() from
 *                           the start; on a line on stdin a second thread
 *                           spins in attach_thread_after()
 *
 * It prints "ready" once the first spinner runs. After the line on stdin
 * each spinner prints "NAME spun" once it has used 50 ms of CPU time of its
 * own (CPU time, not wall time: a loaded machine only delays the line), so
 * a test knows that every spinner has run long enough to be sampled while
 * attached, without sleeping. Then they spin on until killed: the test
 * checks the program outlives the recording.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SPUN_CPU_SECONDS 0.05

static atomic_int armed;
static volatile unsigned long sink;

static double
cpu_seconds (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
say (const char *line)
{
  /* One write per line: the processes share the pipe. */
  char buf[64];
  int n = snprintf (buf, sizeof buf, "%s\n", line);

  if (write (STDOUT_FILENO, buf, (size_t) n) < 0)
    _exit (3);
}

static inline __attribute__((always_inline)) void
work (void)
{
  for (unsigned long i = 0; i < 100000; i++)
    sink = sink * 31 + i;
}

/* Spins; once armed, says "@name spun" after SPUN_CPU_SECONDS of this
 * thread's CPU time. @check_stdin: the main thread of fork mode polls stdin
 * and forks the child on its line. Inlined: the samples fall in the named
 * function that calls it. */
static inline __attribute__((always_inline)) void
spin (const char *name,
      int         check_stdin)
{
  double since = -1;
  int said = 0;

  for (;;)
    {
      work ();
      if (check_stdin && !atomic_load (&armed))
        {
          struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };

          if (poll (&pfd, 1, 0) == 1)
            {
              char line[16];

              if (read (STDIN_FILENO, line, sizeof line) <= 0)
                _exit (4);
              atomic_store (&armed, 1);
              if (fork () == 0)
                {
                  extern void attach_child_spin (void);
                  attach_child_spin ();
                }
            }
        }
      if (!said && atomic_load (&armed))
        {
          double now = cpu_seconds (CLOCK_THREAD_CPUTIME_ID);

          if (since < 0)
            since = now;
          else if (now - since >= SPUN_CPU_SECONDS)
            {
              char line[64];

              snprintf (line, sizeof line, "%s spun", name);
              say (line);
              said = 1;
            }
        }
    }
}

__attribute__((noinline)) void
attach_parent_spin (void)
{
  spin ("parent", 1);
}

__attribute__((noinline)) void
attach_child_spin (void)
{
  spin ("child", 0);
}

__attribute__((noinline)) static void *
attach_thread_before (void *data)
{
  say ("ready");
  spin ("before", 0);
  return data;
}

__attribute__((noinline)) static void *
attach_thread_after (void *data)
{
  spin ("after", 0);
  return data;
}

int
main (int    argc,
      char **argv)
{
  if (argc == 2 && strcmp (argv[1], "fork") == 0)
    {
      say ("ready");
      attach_parent_spin ();
    }
  else if (argc == 2 && strcmp (argv[1], "threads") == 0)
    {
      pthread_t before, after;
      char line[16];

      pthread_create (&before, NULL, attach_thread_before, NULL);
      if (read (STDIN_FILENO, line, sizeof line) <= 0)
        return 4;
      atomic_store (&armed, 1);
      pthread_create (&after, NULL, attach_thread_after, NULL);
      pthread_join (before, NULL);
    }
  else
    {
      fprintf (stderr, "usage: cs-test-attach fork|threads\n");
      return 2;
    }
  return 0;
}
