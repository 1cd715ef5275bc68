/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-system.c — cs_write_all() on real descriptors, cs_cpuinfo_value() on
 * hand-written and real /proc/cpuinfo text
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "cs-system.h"

/* Two CPUs of an x86 /proc/cpuinfo, cut down: tabs before the colon, an
 * empty value, a key that is the start of another, and no final newline. */
static const char cpuinfo[] =
  "processor\t: 0\n"
  "vendor_id\t: GenuineIntel\n"
  "cpu family\t: 6\n"
  "model\t\t: 23\n"
  "model name\t: Intel(R) Core(TM)2 Duo CPU     E8400  @ 3.00GHz\n"
  "power management:\n"
  "\n"
  "processor\t: 1\n"
  "model\t\t: 99\n"
  "bogomips\t: 5985.12";

static void
test_cpuinfo_value (void)
{
  const struct { const char *key, *value; } cases[] = {
    { "processor", "0" },               /* the first CPU's, not the second's */
    { "vendor_id", "GenuineIntel" },
    { "cpu family", "6" },
    { "model", "23" },                  /* not "model name" */
    { "model name", "Intel(R) Core(TM)2 Duo CPU     E8400  @ 3.00GHz" },
    { "power management", "" },
    { "bogomips", "5985.12" },          /* last line, no newline */
    { "flags", NULL },
    { "cpu", NULL },                    /* a prefix of keys is no key */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *value = cs_cpuinfo_value (cpuinfo, cases[i].key);

      g_assert_cmpstr (value, ==, cases[i].value);
    }
  g_assert_null (cs_cpuinfo_value ("", "model"));
  g_assert_null (cs_cpuinfo_value ("no colon here\n", "no colon here"));
}

/* Linux numbers the CPUs of /proc/cpuinfo from 0 (x86 and arm64 alike). */
static void
test_cpuinfo_real (void)
{
  g_autofree char *contents = NULL;
  g_autofree char *first = NULL;

  if (!g_file_get_contents ("/proc/cpuinfo", &contents, NULL, NULL))
    {
      g_test_skip ("no /proc/cpuinfo");
      return;
    }
  first = cs_cpuinfo_value (contents, "processor");
  g_assert_cmpstr (first, ==, "0");
}

typedef struct
{
  int          fd;
  const guint8 *data;
  gsize        len;
  gboolean     ok;
} Writer;

static gpointer
write_thread (gpointer user_data)
{
  Writer *w = user_data;

  w->ok = cs_write_all (w->fd, w->data, w->len);
  close (w->fd);
  return NULL;
}

/* 4 MiB through a pipe of 64 KiB: the writes come back short and are
 * continued; every byte arrives, in order. */
static void
test_write_all_pipe (void)
{
  const gsize len = 4 * 1024 * 1024;
  g_autofree guint8 *data = g_malloc (len);
  g_autoptr(GByteArray) got = g_byte_array_new ();
  Writer w;
  GThread *thread;
  int fds[2];
  guint8 buf[65536];
  gssize n;

  for (gsize i = 0; i < len; i++)
    data[i] = (guint8) (i * 131 + i / 4096);
  g_assert_cmpint (pipe (fds), ==, 0);
  w = (Writer) { fds[1], data, len, FALSE };
  thread = g_thread_new ("writer", write_thread, &w);
  while ((n = read (fds[0], buf, sizeof buf)) != 0)
    {
      if (n < 0 && errno == EINTR)
        continue;
      g_assert_cmpint (n, >, 0);
      g_byte_array_append (got, buf, n);
    }
  g_thread_join (thread);
  close (fds[0]);
  g_assert_true (w.ok);
  g_assert_cmpmem (got->data, got->len, data, len);
}

/* The reader is gone: FALSE with EPIPE (SIGPIPE is ignored, as in the
 * viewer), not a loop. */
static void
test_write_all_broken_pipe (void)
{
  int fds[2];
  gboolean ok;

  signal (SIGPIPE, SIG_IGN);
  g_assert_cmpint (pipe (fds), ==, 0);
  close (fds[0]);
  errno = 0;
  ok = cs_write_all (fds[1], "x", 1);
  g_assert_cmpint (errno, ==, EPIPE);
  g_assert_false (ok);
  close (fds[1]);
}

/* /dev/full refuses every write with ENOSPC. */
static void
test_write_all_full (void)
{
  int fd = open ("/dev/full", O_WRONLY | O_CLOEXEC);
  gboolean ok;

  if (fd < 0)
    {
      g_test_skip ("no /dev/full");
      return;
    }
  errno = 0;
  ok = cs_write_all (fd, "abc", 3);
  g_assert_cmpint (errno, ==, ENOSPC);
  g_assert_false (ok);
  close (fd);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/system/cpuinfo-value", test_cpuinfo_value);
  g_test_add_func ("/system/cpuinfo-real", test_cpuinfo_real);
  g_test_add_func ("/system/write-all-pipe", test_write_all_pipe);
  g_test_add_func ("/system/write-all-broken-pipe", test_write_all_broken_pipe);
  g_test_add_func ("/system/write-all-full", test_write_all_full);
  return g_test_run ();
}
