/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-watch.c — a program run under hardware watchpoints
 *
 * argv[1]: cs-test-false-sharing. Its adjacent counters are the first 16
 * bytes of its static variable "area": the test finds that address itself,
 * from the workload's ELF symbol table and /proc/PID/maps of the process
 * cs_watch_launch() stopped, arms the two words, and checks the hits
 * against what the program prints about itself (its counters, threads and
 * loop): each worker only at its own counter, from the loop's
 * read-modify-writes (a trap reports the instruction after the access).
 * Before the run nothing of the program's own code has run (it printed
 * nothing) though its libraries are mapped. Skipped without hardware
 * breakpoints.
 */
#include "config.h"

#include <fcntl.h>
#include <gelf.h>
#include <string.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-test-false-sharing.h"
#include "cs-watch.h"

static const char *workload;
static char *tmpdir;

/* The ELF address of @name in @path. */
static guint64
symbol_value (const char *path,
              const char *name)
{
  int fd = open (path, O_RDONLY);
  Elf *elf;
  Elf_Scn *scn = NULL;
  guint64 value = 0;

  g_assert_cmpint (fd, >=, 0);
  elf_version (EV_CURRENT);
  elf = elf_begin (fd, ELF_C_READ, NULL);
  while ((scn = elf_nextscn (elf, scn)) != NULL && value == 0)
    {
      GElf_Shdr shdr;
      Elf_Data *d = elf_getdata (scn, NULL);
      GElf_Sym sym;

      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type != SHT_SYMTAB)
        continue;
      for (gsize i = 0; i < shdr.sh_size / shdr.sh_entsize; i++)
        if (gelf_getsym (d, (int) i, &sym) != NULL &&
            g_strcmp0 (elf_strptr (elf, shdr.sh_link, sym.st_name), name) == 0)
          value = sym.st_value;
    }
  elf_end (elf);
  close (fd);
  g_assert_cmpuint (value, !=, 0);
  return value;
}

/* The start of the mapping of @path at file offset 0 in /proc/@pid/maps:
 * the load address of a position-independent executable. */
static guint64
load_address (pid_t       pid,
              const char *path,
              gboolean   *libc)
{
  g_autofree char *file = g_strdup_printf ("/proc/%d/maps", (int) pid);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *real = realpath (path, NULL);
  guint64 base = 0;

  g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 start = 0, offset = 1;

      if (strstr (lines[i], "libc.so") != NULL)
        *libc = TRUE;
      if (base == 0 && g_str_has_suffix (lines[i], real) &&
          sscanf (lines[i], "%" G_GINT64_MODIFIER "x-%*x %*s %" G_GINT64_MODIFIER "x", &start, &offset) == 2 &&
          offset == 0)
        base = start;
    }
  g_assert_cmpuint (base, !=, 0);
  return base;
}

static gboolean
breakpoints_work (void)
{
  g_autofree char *out = NULL, *err = NULL;
  int status = 0;
  const char *argv[] = { workload, "adjacent", "0.05", "watch", NULL };

  out = cs_test_run (argv, &err, &status);
  return strstr (out, "watch_a unavailable") == NULL;
}

static void
test_counters (void)
{
  g_autofree char *out_path = g_build_filename (tmpdir, "out.txt", NULL);
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsWatch) watch = NULL;
  const char *argv[] = { workload, "adjacent", "0.3", NULL };
  int fd = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int saved = dup (STDOUT_FILENO);
  guint64 words[2], counter[2], tid[2], inner, hits_of[2] = { 0, 0 };
  const CsWatchHit *hits;
  gboolean libc = FALSE;
  guint n = 0;

  if (!breakpoints_work ())
    {
      g_test_skip ("hardware breakpoints are not available (PERF_TYPE_BREAKPOINT)");
      return;
    }
  /* The program's output goes to a file (this test's is TAP). */
  fflush (stdout);
  dup2 (fd, STDOUT_FILENO);
  watch = cs_watch_launch (argv, NULL, &error);
  dup2 (saved, STDOUT_FILENO);
  close (saved);
  close (fd);
  g_assert_no_error (error);

  /* Stopped at the entry point: libraries mapped, nothing printed. */
  words[0] = load_address (cs_watch_get_pid (watch), workload, &libc) + symbol_value (workload, "area");
  words[1] = words[0] + 8;
  g_assert_true (libc);
  g_assert_true (g_file_get_contents (out_path, &out, NULL, NULL));
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (cs_address_space_lookup (cs_watch_get_maps (watch), cs_watch_get_pid (watch), words[0]));

  g_assert_true (cs_watch_arm (watch, words, 2, &error));
  g_assert_no_error (error);
  g_assert_true (cs_watch_run (watch, 0, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (cs_watch_get_status (watch)) && WEXITSTATUS (cs_watch_get_status (watch)) == 0);
  g_assert_false (cs_watch_was_stopped (watch));

  g_free (out);
  g_assert_true (g_file_get_contents (out_path, &out, NULL, NULL));
  counter[0] = cs_test_fs_value (out, "counter_a");
  counter[1] = cs_test_fs_value (out, "counter_b");
  tid[0] = cs_test_fs_value (out, "tid_a");
  tid[1] = cs_test_fs_value (out, "tid_b");
  inner = cs_test_fs_value (out, "inner");
  g_assert_cmphex (words[0], ==, counter[0]);
  g_assert_cmphex (words[1], ==, counter[1]);

  hits = cs_watch_get_hits (watch, &n);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      guint w = hits[i].tid == tid[0] ? 0 : 1;

      g_assert_true (hits[i].tid == tid[0] || hits[i].tid == tid[1]);
      g_assert_cmphex (hits[i].address, ==, counter[w]);
      /* After one of the four addq $1,(%rdi) at inner+0, +4, +8, +12. */
      g_assert_cmpuint (hits[i].ip - inner, >=, 4);
      g_assert_cmpuint (hits[i].ip - inner, <=, 16);
      g_assert_cmpuint ((hits[i].ip - inner) % 4, ==, 0);
      hits_of[w] += hits[i].count;
    }
  g_test_message ("%" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT " hits, %" G_GUINT64_FORMAT
                  " counted, %" G_GUINT64_FORMAT " lost", hits_of[0], hits_of[1],
                  cs_watch_get_counted (watch), cs_watch_get_lost (watch));
  g_assert_cmpuint (hits_of[0], >, 0);
  g_assert_cmpuint (hits_of[1], >, 0);
  g_assert_cmpuint (cs_watch_get_counted (watch), >=, hits_of[0] + hits_of[1]);
}

static void
test_missing_program (void)
{
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "/nonexistent/program", NULL };
  g_autoptr(CsWatch) watch = cs_watch_launch (argv, NULL, &error);

  g_assert_null (watch);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  workload = argv[1];
  g_test_add_func ("/watch/counters", test_counters);
  g_test_add_func ("/watch/missing-program", test_missing_program);
  ret = cs_test_run_with_tmpdir (&tmpdir);
  return ret;
}
