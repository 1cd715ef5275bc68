/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-profile-unwind.c — a profile of a --call-graph dwarf recording: the
 * unwound stacks as the profile's stack source
 *
 * dwarf-workload (no frame pointers) is recorded with perf at test time:
 *
 *  - /profile-unwind/threads: loading with one thread and with three gives
 *    the same frames, the same stack nodes and the same stack per sample;
 *  - /profile-unwind/compressed: a perf record -z file (stack copies come
 *    out of the inflated stream, so they are copied while they wait) gives
 *    the same stacks as the same file written out uncompressed by perf
 *    inject (they point into the mapping), sample for sample;
 *  - /profile-unwind/short-copy: with 512 bytes of stack per sample most
 *    stacks cannot be walked to their entry: they count as broken, as
 *    many as perf's own unwinding of the file leaves without an entry
 *    (perf script's outermost frames);
 *  - /profile-unwind/progress-cancel: loading says "Unwinding call stacks"
 *    and a cancel then ends the load as cancelled.
 *
 * Arguments (meson passes them): DWARF-WORKLOAD
 * Exits 77 (skip) when perf is not installed.
 */
#include "config.h"

#include <math.h>

#include "cs-call-graph.h"
#include "cs-error.h"
#include "cs-profile-samples.h"
#include "cs-profile-test-util.h"

static char *perf;
static char *workload;
static char *tmpdir;

static char *
record (const char *name,
        const char *mode,
        gboolean    compressed)
{
  char *file = g_build_filename (tmpdir, name, NULL);
  const char *args[] = { "--call-graph", mode, "-F", "2000", "-e", "cpu-clock", compressed ? "-z" : NULL, NULL };
  const char *cmd[] = { workload, "400", NULL };

  profile_record (perf, file, args, cmd);
  return file;
}

static CsProfile *
load (const char *file,
      const char *threads)
{
  g_autoptr(GError) error = NULL;
  CsProfile *profile;

  g_setenv ("CYCLESCOPE_UNWIND_THREADS", threads, TRUE);
  profile = cs_profile_load (file, NULL, NULL, NULL, NULL, &error);
  g_unsetenv ("CYCLESCOPE_UNWIND_THREADS");
  g_assert_no_error (error);
  g_assert_true (cs_profile_has_call_chains (profile));
  return profile;
}

/* Sample @i's stack as its functions' names, innermost first. */
static char *
stack_text (CsProfile *profile,
            guint      i)
{
  const CsCallStacks *stacks = cs_profile_get_call_stacks (profile);
  GString *s = g_string_new (NULL);

  for (guint32 node = cs_profile_get_samples (profile)->stack[i]; node != 0;
       node = cs_call_stacks_get_node (stacks, node)->caller)
    {
      guint n = 0;
      const guint32 *f = cs_call_stacks_get_frame_functions (stacks, cs_call_stacks_get_node (stacks, node)->frame, &n);

      for (guint k = n; k > 0; k--)
        g_string_append_printf (s, "%s;", cs_profile_get_function (profile, f[k - 1])->name);
    }
  return g_string_free (s, FALSE);
}

static void
test_threads (void)
{
  g_autofree char *file = record ("threads.data", "dwarf", FALSE);
  g_autoptr(CsProfile) one = load (file, "1");
  g_autoptr(CsProfile) three = load (file, "3");
  const CsCallStacks *s1 = cs_profile_get_call_stacks (one);
  const CsCallStacks *s3 = cs_profile_get_call_stacks (three);
  const CsProfileSamples *p1 = cs_profile_get_samples (one);
  const CsProfileSamples *p3 = cs_profile_get_samples (three);

  g_assert_cmpuint (p1->n, >, 300);
  g_assert_cmpuint (p1->n, ==, p3->n);
  g_assert_cmpmem (p1->stack, p1->n * sizeof *p1->stack, p3->stack, p3->n * sizeof *p3->stack);
  g_assert_cmpuint (cs_call_stacks_get_n_frames (s1), ==, cs_call_stacks_get_n_frames (s3));
  g_assert_cmpuint (cs_call_stacks_get_n_nodes (s1), ==, cs_call_stacks_get_n_nodes (s3));
  for (guint i = 0; i < cs_call_stacks_get_n_frames (s1); i++)
    g_assert_cmpmem (cs_call_stacks_get_frame (s1, i), sizeof (CsCallFrame), cs_call_stacks_get_frame (s3, i),
                     sizeof (CsCallFrame));
  for (guint i = 0; i < cs_call_stacks_get_n_nodes (s1); i++)
    g_assert_cmpmem (cs_call_stacks_get_node (s1, i), sizeof (CsCallStackNode), cs_call_stacks_get_node (s3, i),
                     sizeof (CsCallStackNode));
  /* the stacks are unwound ones: most go through the program's one_round */
  {
    guint deep = 0;

    for (guint i = 0; i < p1->n; i++)
      {
        g_autofree char *text = stack_text (one, i);

        deep += strstr (text, ";one_round;") != NULL;
      }
    g_assert_cmpuint (deep, >, p1->n * 8 / 10);
  }
}

/* Stack text -> number of samples, for the samples in the workers. Not
 * those of the program's start: perf inject writes the records in rounds
 * of its own, and a sample taken while the loader maps a library may fall
 * before or after that map's record. */
static GHashTable *
stack_counts (CsProfile *profile)
{
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < cs_profile_get_samples (profile)->n; i++)
    {
      char *text = stack_text (profile, i);

      if (strstr (text, ";worker;") == NULL)
        {
          g_free (text);
          continue;
        }
      g_hash_table_insert (counts, text, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, text)) + 1));
    }
  return counts;
}

static void
test_compressed (void)
{
  g_autofree char *file = record ("compressed.data", "dwarf", TRUE);
  g_autofree char *plain = g_build_filename (tmpdir, "inflated.data", NULL);
  const char *inject[] = { "inject", "-i", file, "-o", plain, NULL };
  g_autofree char *out = cs_perf_test_run (perf, inject);
  g_autoptr(CsProfile) a = load (file, "2");
  g_autoptr(CsProfile) b = load (plain, "2");
  g_autoptr(GHashTable) ca = stack_counts (a);
  g_autoptr(GHashTable) cb = stack_counts (b);
  GHashTableIter it;
  gpointer key, value;

  g_assert_cmpuint (cs_profile_get_samples (a)->n, >, 300);
  g_assert_cmpuint (cs_profile_get_samples (a)->n, ==, cs_profile_get_samples (b)->n);
  g_assert_cmpuint (g_hash_table_size (ca), >, 20);
  g_assert_cmpuint (g_hash_table_size (ca), ==, g_hash_table_size (cb));
  g_hash_table_iter_init (&it, ca);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (GPOINTER_TO_UINT (value) != GPOINTER_TO_UINT (g_hash_table_lookup (cb, key)))
      g_test_message ("%u × %s in the compressed file, %u uncompressed", GPOINTER_TO_UINT (value), (char *) key,
                      GPOINTER_TO_UINT (g_hash_table_lookup (cb, key)));
  g_hash_table_iter_init (&it, ca);
  while (g_hash_table_iter_next (&it, &key, &value))
    g_assert_cmpuint (GPOINTER_TO_UINT (value), ==, GPOINTER_TO_UINT (g_hash_table_lookup (cb, key)));
}

/* Where a complete stack begins, by perf's names and ours. */
static gboolean
is_entry (const char *name)
{
  const char *entries[] = { "_start", "__libc_start_call_main", "__libc_start_main", "clone3", "__clone3",
                            "clone", "__clone", "start_thread", NULL };

  return g_strv_contains (entries, name);
}

/* The share (percent of samples) of perf script's stacks whose outermost
 * frame starts no program or thread. */
static double
perf_broken_percent (const char *file)
{
  const char *args[] = { "script", "-i", file, "-F", "tid,ip,sym", "--no-inline", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) blocks = g_strsplit (out, "\n\n", -1);
  guint n = 0, broken = 0;

  for (guint i = 0; blocks[i] != NULL; i++)
    {
      g_auto(GStrv) lines = g_strsplit (g_strstrip (blocks[i]), "\n", -1);
      guint len = g_strv_length (lines);
      g_auto(GStrv) words = NULL;

      if (len == 0 || lines[0][0] == '\0')
        continue;
      n++;
      /* "\t    1ab77 _start" */
      words = g_strsplit_set (g_strstrip (lines[len - 1]), " ", 2);
      if (len < 2 || words[1] == NULL || !is_entry (words[1]))
        broken++;
    }
  g_assert_cmpuint (n, >, 300);
  return 100.0 * broken / n;
}

static void
test_short_copy (void)
{
  g_autofree char *file = record ("short.data", "dwarf,512", FALSE);
  g_autoptr(CsProfile) profile = load (file, "2");
  g_autoptr(GError) error = NULL;
  g_autoptr(CsCallGraph) graph = cs_call_graph_new_for_profile (profile, NULL, &error);
  double theirs = perf_broken_percent (file);
  double ours;

  g_assert_no_error (error);
  ours = cs_call_graph_get_broken_percent (graph, 0);
  g_test_message ("broken stacks with 512 bytes of stack: %.2f %% here, %.2f %% in perf script", ours, theirs);
  /* recursion alone keeps a few kilobytes on the stack */
  g_assert_cmpfloat (ours, >, 30);
  g_assert_cmpfloat (fabs (ours - theirs), <, 2);
}

typedef struct
{
  GCancellable *cancellable;
  guint         unwinding;    /* reports of the unwinding stage */
} Watch;

static void
on_progress (const char *stage,
             double      fraction,
             gpointer    user_data)
{
  Watch *w = user_data;

  if (g_str_equal (stage, "Unwinding call stacks"))
    {
      w->unwinding++;
      g_cancellable_cancel (w->cancellable);
    }
}

/* The unwinding is a stage of its own for progress, and cancelling in it
 * ends the load with the cancellation. */
static void
test_progress_cancel (void)
{
  g_autofree char *file = record ("cancel.data", "dwarf", FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  Watch w = { cancellable, 0 };
  g_autoptr(CsProfile) profile = cs_profile_load (file, NULL, on_progress, &w, cancellable, &error);

  g_assert_null (profile);
  g_assert_cmpuint (w.unwinding, >=, 1);
  g_assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
                 g_error_matches (error, CS_DATA_ERROR, CS_DATA_ERROR_CANCELLED));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-profile-unwind DWARF-WORKLOAD");
  workload = argv[1];
  if ((perf = cs_test_find_perf ()) == NULL)
    {
      g_printerr ("perf is not installed: skipping\n");
      return 77;
    }
  g_test_add_func ("/profile-unwind/threads", test_threads);
  g_test_add_func ("/profile-unwind/compressed", test_compressed);
  g_test_add_func ("/profile-unwind/short-copy", test_short_copy);
  g_test_add_func ("/profile-unwind/progress-cancel", test_progress_cancel);
  home = cs_perf_test_private_home ();
  ret = cs_test_run_with_tmpdir (&tmpdir);
  cs_test_rmdir (home);
  g_free (perf);
  return ret;
}
