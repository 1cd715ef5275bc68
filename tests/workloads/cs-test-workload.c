/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-workload.c — small target programs whose resource use is known
 *
 *   spin SECONDS            burn SECONDS of CPU time in one thread
 *   threads N SECONDS       N threads, each burning SECONDS of its own CPU time
 *   fork SECONDS            a child process burns SECONDS, the parent waits
 *   touch NPAGES            write one byte into each of NPAGES fresh pages
 *   sleep SECONDS [MARKER]  create MARKER, then sleep (for interrupting a run)
 *   nap N USECONDS          sleep N times for USECONDS each (N context switches)
 *   marker FILE             create FILE and exit (did the program run at all?)
 *   segv                    die of SIGSEGV
 *   exit CODE               exit with CODE
 *
 * CPU time is measured with the process/thread CPU clocks, not wall time, so
 * the expected totals hold on a loaded machine too.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

static double
cpu_seconds (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

void workload_burn (double seconds);

/* The one hot function: sampling tests expect most samples inside it. */
__attribute__((noinline)) void
workload_burn (double seconds)
{
  double start = cpu_seconds (CLOCK_THREAD_CPUTIME_ID);
  unsigned long x = 1;

  while (cpu_seconds (CLOCK_THREAD_CPUTIME_ID) - start < seconds)
    for (int i = 0; i < 100000; i++)
      x = x * 6364136223846793005UL + 1442695040888963407UL;
  sink = x;
}

static void *
thread_main (void *data)
{
  workload_burn (*(double *) data);
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";

  if (strcmp (mode, "spin") == 0 && argc > 2)
    workload_burn (atof (argv[2]));
  else if (strcmp (mode, "threads") == 0 && argc > 3)
    {
      int n = atoi (argv[2]);
      double seconds = atof (argv[3]);
      pthread_t *threads = calloc (n, sizeof *threads);

      for (int i = 0; i < n; i++)
        pthread_create (&threads[i], NULL, thread_main, &seconds);
      for (int i = 0; i < n; i++)
        pthread_join (threads[i], NULL);
      free (threads);
    }
  else if (strcmp (mode, "fork") == 0 && argc > 2)
    {
      pid_t pid = fork ();
      int status;

      if (pid == 0)
        {
          workload_burn (atof (argv[2]));
          _exit (0);
        }
      waitpid (pid, &status, 0);
    }
  else if (strcmp (mode, "touch") == 0 && argc > 2)
    {
      long n = atol (argv[2]);
      long page = sysconf (_SC_PAGESIZE);
      char *mem = mmap (NULL, n * page, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (mem == MAP_FAILED)
        return 2;
      for (long i = 0; i < n; i++)
        mem[i * page] = (char) i;
      munmap (mem, n * page);
    }
  else if (strcmp (mode, "sleep") == 0 && argc > 2)
    {
      double s = atof (argv[2]);
      struct timespec ts = { (time_t) s, (long) ((s - (time_t) s) * 1e9) };

      /* The marker tells a test that the program is running now. */
      if (argc > 3)
        {
          int fd = open (argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
          if (fd >= 0)
            close (fd);
        }
      while (nanosleep (&ts, &ts) != 0)
        ;
    }
  else if (strcmp (mode, "nap") == 0 && argc > 3)
    {
      long n = atol (argv[2]);
      useconds_t us = (useconds_t) atol (argv[3]);

      /* Each sleep blocks: the task is switched out once per call. */
      for (long i = 0; i < n; i++)
        usleep (us);
    }
  else if (strcmp (mode, "marker") == 0 && argc > 2)
    {
      int fd = open (argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0)
        return 2;
      close (fd);
    }
  else if (strcmp (mode, "segv") == 0)
    {
      volatile int *p = NULL;
      *p = 1;
    }
  else if (strcmp (mode, "exit") == 0 && argc > 2)
    return atoi (argv[2]);
  else
    {
      fprintf (stderr, "usage: %s spin|threads|fork|touch|sleep|nap|marker|segv|exit ARGS\n", argv[0]);
      return 2;
    }
  return 0;
}
