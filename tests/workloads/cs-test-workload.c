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
 *   named NAME SECONDS      set the thread name (comm) to NAME, burn SECONDS
 *   family N SECONDS PIDFILE [escape]
 *                           N children, each with a child of its own, sleep
 *                           SECONDS; with "escape" each grandchild leaves the
 *                           process group (setsid). Once all exist, every pid
 *                           of the family is written to PIDFILE (one per line,
 *                           the file appears complete); then the parent burns
 *                           SECONDS of CPU
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
#include <sys/prctl.h>
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

static void
sleep_seconds (double s)
{
  struct timespec ts = { (time_t) s, (long) ((s - (time_t) s) * 1e9) };

  while (nanosleep (&ts, &ts) != 0)
    ;
}

/* The family of "family": children that outlive the parent unless someone
 * kills them. */
static int
family (int         n,
        double      seconds,
        const char *pidfile,
        int         escape)
{
  char *tmp = malloc (strlen (pidfile) + 5);
  int fds[2];
  FILE *out;

  if (pipe (fds) != 0 || tmp == NULL)
    return 2;
  for (int i = 0; i < n; i++)
    {
      pid_t child = fork ();

      if (child == 0)
        {
          pid_t grandchild = fork ();

          if (grandchild == 0)
            {
              if (escape)
                setsid ();
              sleep_seconds (seconds);
              _exit (0);
            }
          if (write (fds[1], &grandchild, sizeof grandchild) != sizeof grandchild)
            _exit (2);
          sleep_seconds (seconds);
          _exit (0);
        }
      if (write (fds[1], &child, sizeof child) != sizeof child)
        return 2;
    }
  strcpy (tmp, pidfile);
  strcat (tmp, ".tmp");
  if ((out = fopen (tmp, "w")) == NULL)
    return 2;
  fprintf (out, "%d\n", (int) getpid ());
  for (int i = 0; i < 2 * n; i++)
    {
      pid_t pid;

      if (read (fds[0], &pid, sizeof pid) != sizeof pid)
        return 2;
      fprintf (out, "%d\n", (int) pid);
    }
  fclose (out);
  rename (tmp, pidfile);
  free (tmp);
  workload_burn (seconds);
  return 0;
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
  else if (strcmp (mode, "named") == 0 && argc > 3)
    {
      prctl (PR_SET_NAME, argv[2]);
      workload_burn (atof (argv[3]));
    }
  else if (strcmp (mode, "family") == 0 && argc > 4)
    return family (atoi (argv[2]), atof (argv[3]), argv[4], argc > 5 && strcmp (argv[5], "escape") == 0);
  else
    {
      fprintf (stderr, "usage: %s spin|threads|fork|touch|sleep|nap|marker|segv|exit|named|family ARGS\n", argv[0]);
      return 2;
    }
  return 0;
}
