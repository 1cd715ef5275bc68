/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-watch.c — `cyclescope watch` on the false-sharing workload
 *
 * argv[1]: the cyclescope binary, argv[2]: cs-test-false-sharing. The
 * adjacent counters are recorded once (`record --regs`), then watched in new
 * runs. Each run of the workload prints where its counters, loop and
 * threads are, so the watched run's own printout is the truth for the
 * watched addresses (ASLR moves them), and the recording's printout with
 * `report --memory --format json` is the truth for what was reconstructed:
 *
 * - the hottest line's words are watched at the watched run's counters, each
 *   of its two threads only on its own counter, writing it (both threads'
 *   offsets confirmed);
 * - every instruction the reconstruction put on the line (by its offset from
 *   the loop's start, which both runs print) is one the breakpoints caught,
 *   a store where the reconstruction counted stores;
 * - a data symbol with an offset (area+8) watches counter b first;
 * - a line on a thread's stack (memcpy's source) cannot be found again and
 *   the error says so.
 *
 * Skipped when the kernel has no hardware breakpoints.
 */
#include "config.h"

#include <json-c/json.h>
#include <string.h>

#include "cs-test-false-sharing.h"
#include "cs-test-json.h"

static const char *cyclescope;
static const char *workload;
static char *tmpdir;
static char *bundle;
static char *recorded;      /* the recording run's printout */

/* `cyclescope watch BUNDLE SPEC --format json`: the report, and the
 * watched program's printout in @out. */
static json_object *
watch (const char  *spec,
       char       **out)
{
  g_autofree char *report = g_build_filename (tmpdir, "watch.json", NULL);
  g_autofree char *text = NULL;
  const char *argv[] = { cyclescope, "watch", bundle, spec, "--seconds", "0.4", "--format", "json",
                         "-o", report, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);
  json_object *root;

  if (cs_test_output_exit_code (&r) != 0)
    g_error ("cyclescope watch %s failed:\n%s", spec, r.err);
  g_assert_true (g_file_get_contents (report, &text, NULL, NULL));
  root = cs_test_json_parse (text);
  g_assert_nonnull (root);
  *out = g_steal_pointer (&r.out);
  return root;
}

static void
ensure_recording (void)
{
  if (bundle == NULL)
    bundle = cs_test_fs_record (cyclescope, workload, tmpdir, "adjacent", &recorded);
}

/* The recording's reconstructed line: its instructions' offsets from the
 * loop's start, and whether they store. */
static GHashTable *
reconstructed_instructions (guint64 *line)
{
  const char *argv[] = { cyclescope, "report", "--memory", "--format", "json", bundle, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);
  guint64 loop = cs_test_fs_value (recorded, "loop");
  GHashTable *stores = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  json_object *root, *top, *ips;

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  root = cs_test_json_parse (r.out);
  top = json_object_array_get_idx (cs_test_json_field (root, "lines"), 0);
  *line = cs_test_json_hex (top, "address");
  g_assert_cmphex (*line, ==, cs_test_fs_value (recorded, "counter_a") & ~G_GUINT64_CONSTANT (63));
  ips = cs_test_json_field (top, "instructions");
  for (gsize i = 0; i < json_object_array_length (ips); i++)
    {
      json_object *ip = json_object_array_get_idx (ips, i);
      gint64 *key = g_new (gint64, 1);

      *key = (gint64) (cs_test_json_hex (ip, "ip") - loop);
      g_hash_table_insert (stores, key, GINT_TO_POINTER (json_object_get_uint64 (cs_test_json_field (ip, "stores")) > 0));
    }
  json_object_put (root);
  return stores;
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
test_line (void)
{
  g_autofree char *out = NULL;
  json_object *root;
  guint64 counter[2], tid[2], loop, line = 0;
  json_object *words, *threads, *accesses;
  g_autoptr(GHashTable) sampled = NULL;
  g_autoptr(GHashTable) caught = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer key, value;

  ensure_recording ();
  sampled = reconstructed_instructions (&line);
  root = watch ("line", &out);
  counter[0] = cs_test_fs_value (out, "counter_a");
  counter[1] = cs_test_fs_value (out, "counter_b");
  tid[0] = cs_test_fs_value (out, "tid_a");
  tid[1] = cs_test_fs_value (out, "tid_b");
  loop = cs_test_fs_value (out, "loop");

  /* The two words are the watched run's two counters. */
  words = cs_test_json_field (cs_test_json_field (root, "target"), "words");
  g_assert_cmpuint (json_object_array_length (words), ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      guint64 a = cs_test_json_hex (json_object_array_get_idx (words, k), "address");

      g_assert_true (a == counter[0] || a == counter[1]);
    }
  g_assert_cmphex (cs_test_json_hex (json_object_array_get_idx (words, 0), "address"), !=,
                   cs_test_json_hex (json_object_array_get_idx (words, 1), "address"));
  g_assert_cmphex (cs_test_json_hex (cs_test_json_field (root, "target"), "recorded_line"), ==, line);

  /* Each worker on its own counter only, writing it. */
  threads = cs_test_json_field (root, "threads");
  g_assert_cmpuint (json_object_array_length (threads), ==, 2);
  for (gsize i = 0; i < 2; i++)
    {
      json_object *t = json_object_array_get_idx (threads, i);
      guint64 who = json_object_get_uint64 (cs_test_json_field (t, "tid"));
      guint w = who == tid[0] ? 0 : 1;
      guint off = (guint) (counter[w] & 63);
      g_autofree char *bytes = g_strdup_printf ("%u–%u", off, off + 7);

      g_assert_cmpuint (who, ==, tid[w]);
      g_assert_cmpstr (json_object_get_string (cs_test_json_field (t, "bytes")), ==, bytes);
      g_assert_cmpstr (json_object_get_string (cs_test_json_field (t, "bytes_written")), ==, bytes);
      g_assert_cmpuint (json_object_get_uint64 (cs_test_json_field (t, "accesses")), >, 0);
    }
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (root, "sharing")), ==, "false");
  g_assert_true (json_object_get_boolean (cs_test_json_field (root, "threads_confirmed")));

  /* Every reconstructed instruction was caught, storing where it stored. */
  accesses = cs_test_json_field (root, "accesses");
  for (gsize i = 0; i < json_object_array_length (accesses); i++)
    {
      json_object *a = json_object_array_get_idx (accesses, i);
      gint64 *k = g_new (gint64, 1);

      *k = (gint64) (cs_test_json_hex (a, "ip") - loop);
      g_assert_cmpstr (json_object_get_string (cs_test_json_field (a, "kind")), ==, "load+store");
      g_hash_table_insert (caught, k, GINT_TO_POINTER (1));
    }
  g_assert_cmpuint (g_hash_table_size (sampled), >, 0);
  g_hash_table_iter_init (&iter, sampled);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_test_message ("reconstructed loop+%" G_GINT64_FORMAT " (stores %d): caught %d", *(gint64 *) key,
                      GPOINTER_TO_INT (value), g_hash_table_contains (caught, key));
      g_assert_true (g_hash_table_contains (caught, key));
    }
  json_object_put (root);
}

/* area+8: counter b's word first. */
static void
test_symbol (void)
{
  g_autofree char *out = NULL;
  json_object *root;
  json_object *words;

  ensure_recording ();
  root = watch ("area+8", &out);
  words = cs_test_json_field (cs_test_json_field (root, "target"), "words");
  g_assert_cmpuint (json_object_get_uint64 (cs_test_json_field (json_object_array_get_idx (words, 0), "offset")), ==, 8);
  g_assert_cmphex (cs_test_json_hex (json_object_array_get_idx (words, 0), "address"), ==, cs_test_fs_value (out, "counter_b"));
  json_object_put (root);
}

/* memcpy's source on the workers' stacks: no way to find it again. */
static void
test_stack (void)
{
  g_autofree char *out = NULL;
  g_autofree char *memcpy_bundle = cs_test_fs_record (cyclescope, workload, tmpdir, "adjacent-memcpy", &out);
  const char *argv[] = { cyclescope, "report", "--memory", "--format", "json", memcpy_bundle, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);
  json_object *root, *lines;
  g_autofree char *address = NULL;

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  root = cs_test_json_parse (r.out);
  lines = cs_test_json_field (root, "lines");
  for (gsize i = 0; i < json_object_array_length (lines) && address == NULL; i++)
    {
      json_object *l = json_object_array_get_idx (lines, i);

      if (g_str_equal (json_object_get_string (cs_test_json_field (cs_test_json_field (l, "region"), "kind")), "stack"))
        address = g_strdup (json_object_get_string (cs_test_json_field (l, "address")));
    }
  json_object_put (root);
  if (address == NULL)
    {
      g_test_skip ("no sample of memcpy's loads landed on a stack line");
      return;
    }
  {
    const char *wargv[] = { cyclescope, "watch", memcpy_bundle, address, NULL };
    g_auto(CsTestOutput) w = cs_test_output (wargv, NULL);

    g_assert_cmpint (cs_test_output_exit_code (&w), ==, 1);
    g_assert_nonnull (strstr (w.err, "stack"));
    g_assert_nonnull (strstr (w.err, "cannot be found again"));
  }
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 3);
  cyclescope = argv[1];
  workload = argv[2];
  if (!breakpoints_work ())
    {
      g_print ("1..0 # SKIP hardware breakpoints are not available (PERF_TYPE_BREAKPOINT)\n");
      return 0;
    }
  g_test_add_func ("/cli-watch/line", test_line);
  g_test_add_func ("/cli-watch/symbol", test_symbol);
  g_test_add_func ("/cli-watch/stack", test_stack);
  ret = cs_test_run_with_tmpdir (&tmpdir);
  g_free (bundle);
  g_free (recorded);
  return ret;
}
