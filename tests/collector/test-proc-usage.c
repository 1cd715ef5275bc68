/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-proc-usage.c — a process's resource use read from /proc
 *
 * The independent source is getrusage(2) of the test process itself,
 * taken around our two readings (outside) and between them (inside): what
 * cs_proc_usage_add_window() finds must lie between the two differences.
 * The work in between is made of the quantities by construction: each
 * nanosleep blocks (a voluntary switch), each fresh page touched faults.
 */
#include "config.h"

#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cs-proc-usage.h"

#define N_SLEEPS 20
#define N_PAGES 2000

static void
test_self (void)
{
  struct rusage outer0, inner0, inner1, outer1, window = { 0, };
  g_autoptr(CsProcUsage) start = NULL;
  g_autoptr(CsProcUsage) end = NULL;
  long page = sysconf (_SC_PAGESIZE);
  volatile char *pages;

  g_assert_no_errno (getrusage (RUSAGE_SELF, &outer0));
  start = cs_proc_usage_read (getpid ());
  g_assert_nonnull (start);
  g_assert_no_errno (getrusage (RUSAGE_SELF, &inner0));
  for (guint i = 0; i < N_SLEEPS; i++)
    {
      struct timespec ts = { 0, 1000 };

      nanosleep (&ts, NULL);
    }
  pages = mmap (NULL, (size_t) (N_PAGES * page), PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  g_assert_true (pages != MAP_FAILED);
  for (guint i = 0; i < N_PAGES; i++)
    pages[i * page] = 1;
  g_assert_no_errno (getrusage (RUSAGE_SELF, &inner1));
  end = cs_proc_usage_read (getpid ());
  g_assert_nonnull (end);
  g_assert_no_errno (getrusage (RUSAGE_SELF, &outer1));
  cs_proc_usage_add_window (start, end, &window);

  g_assert_cmpint (window.ru_nvcsw, >=, inner1.ru_nvcsw - inner0.ru_nvcsw);
  g_assert_cmpint (window.ru_nvcsw, <=, outer1.ru_nvcsw - outer0.ru_nvcsw);
  g_assert_cmpint (window.ru_nvcsw, >=, N_SLEEPS);
  g_assert_cmpint (window.ru_nivcsw, >=, inner1.ru_nivcsw - inner0.ru_nivcsw);
  g_assert_cmpint (window.ru_nivcsw, <=, outer1.ru_nivcsw - outer0.ru_nivcsw);
  g_assert_cmpint (window.ru_minflt, >=, inner1.ru_minflt - inner0.ru_minflt);
  g_assert_cmpint (window.ru_minflt, <=, outer1.ru_minflt - outer0.ru_minflt);
  g_assert_cmpint (window.ru_minflt, >=, N_PAGES);
  g_assert_cmpint (window.ru_majflt, <=, outer1.ru_majflt - outer0.ru_majflt);
  /* The pages touched were resident at once. ru_maxrss can be larger than
   * VmHWM: it also keeps the peak from before the last exec. */
  g_assert_cmpint (window.ru_maxrss, >=, N_PAGES * (page / 1024));
  g_assert_cmpint (window.ru_maxrss, <=, outer1.ru_maxrss);
  munmap ((void *) pages, (size_t) (N_PAGES * page));
}

/* A child reaped meanwhile: its faults reach the parent's cminflt. */
static void
test_reaped_child (void)
{
  struct rusage before, after, window = { 0, };
  g_autoptr(CsProcUsage) start = NULL;
  g_autoptr(CsProcUsage) end = NULL;
  long page = sysconf (_SC_PAGESIZE);
  pid_t child;
  int status;

  g_assert_no_errno (getrusage (RUSAGE_CHILDREN, &before));
  start = cs_proc_usage_read (getpid ());
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      volatile char *pages = mmap (NULL, (size_t) (N_PAGES * page), PROT_READ | PROT_WRITE,
                                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      for (guint i = 0; pages != MAP_FAILED && i < N_PAGES; i++)
        pages[i * page] = 1;
      _exit (0);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_no_errno (getrusage (RUSAGE_CHILDREN, &after));
  end = cs_proc_usage_read (getpid ());
  cs_proc_usage_add_window (start, end, &window);
  g_assert_cmpint (after.ru_minflt - before.ru_minflt, >=, N_PAGES);
  g_assert_cmpint (window.ru_minflt, >=, after.ru_minflt - before.ru_minflt);
}

static void
test_gone (void)
{
  pid_t child = fork ();

  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    _exit (0);
  g_assert_cmpint (waitpid (child, NULL, 0), ==, child);
  g_assert_null (cs_proc_usage_read (child));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/proc-usage/self", test_self);
  g_test_add_func ("/proc-usage/reaped-child", test_reaped_child);
  g_test_add_func ("/proc-usage/gone", test_gone);
  return g_test_run ();
}
