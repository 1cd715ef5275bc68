/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-memory.c — `cyclescope report --memory` on a real recording
 *
 * argv[1]: the cyclescope binary, argv[2]: cs-test-false-sharing. The
 * workload is recorded with `cyclescope record --regs`; it prints where its
 * two counters are, which is what the report's hottest line must contain
 * (ground truth from the program itself, not from the code under test).
 */
#include "config.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "cs-test-false-sharing.h"
#include "cs-test-json.h"

static const char *cyclescope;
static const char *workload;
static char *tmpdir;

typedef struct
{
  char    *bundle;
  guint64  counter_a, counter_b;
  guint64  pid[2], tid[2];
} Recording;

/* Records @mode once per test program run. */
static Recording *
record (const char *mode)
{
  Recording *r = g_new0 (Recording, 1);
  g_autofree char *out = NULL;

  r->bundle = cs_test_fs_record (cyclescope, workload, tmpdir, mode, &out);
  r->counter_a = cs_test_fs_value (out, "counter_a");
  r->counter_b = cs_test_fs_value (out, "counter_b");
  r->pid[0] = cs_test_fs_value (out, "pid_a");
  r->pid[1] = cs_test_fs_value (out, "pid_b");
  r->tid[0] = cs_test_fs_value (out, "tid_a");
  r->tid[1] = cs_test_fs_value (out, "tid_b");
  return r;
}

static json_object *
report_json (const char *bundle)
{
  const char *argv[] = { cyclescope, "report", "--memory", "--format", "json", bundle, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);
  json_object *root;

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  root = cs_test_json_parse (r.out);
  g_assert_nonnull (root);
  return root;
}

/* Width and height from a PNG's IHDR chunk, read by hand. */
static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  g_autofree guint8 *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, (char **) &data, &len, NULL));
  g_assert_cmpuint (len, >, 24);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  *width = (guint) data[16] << 24 | (guint) data[17] << 16 | (guint) data[18] << 8 | data[19];
  *height = (guint) data[20] << 24 | (guint) data[21] << 16 | (guint) data[22] << 8 | data[23];
}

/* `cyclescope export --memory WHICH`: an image of the requested size, or
 * an error naming what is missing. */
static void
check_export (const char *bundle,
              guint64     line)
{
  g_autofree char *png = g_build_filename (tmpdir, "line.png", NULL);
  g_autofree char *address = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", line + 5);
  const char *which[] = { "line", "all", address };
  guint width = 0, height = 0;

  for (guint i = 0; i < G_N_ELEMENTS (which); i++)
    {
      const char *argv[] = { cyclescope, "export", bundle, "--memory", which[i], "--png", png,
                             "--size", "640x400", "--scale", "2", NULL };
      g_auto(CsTestOutput) e = cs_test_output (argv, NULL);

      g_assert_cmpint (cs_test_output_exit_code (&e), ==, 0);
      png_size (png, &width, &height);
      g_assert_cmpuint (width, ==, 1280);
      g_assert_cmpuint (height, ==, 800);
      g_assert_cmpint (g_unlink (png), ==, 0);
    }
  /* An address no sample touched, and --chart with --memory. */
  {
    const char *argv[] = { cyclescope, "export", bundle, "--memory", "0x10", "--png", png, NULL };
    g_auto(CsTestOutput) e = cs_test_output (argv, NULL);

    g_assert_cmpint (cs_test_output_exit_code (&e), ==, 1);
    g_assert_nonnull (strstr (e.err, "0x10"));
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  }
  {
    const char *argv[] = { cyclescope, "export", bundle, "--memory", "line", "--chart", "all",
                           "--png", png, NULL };
    g_auto(CsTestOutput) e = cs_test_output (argv, NULL);

    g_assert_cmpint (cs_test_output_exit_code (&e), ==, 2);
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  }
}

/* Adjacent counters: the hottest line holds both, two threads touch it,
 * and it is marked as a false-sharing candidate. */
static void
test_adjacent (void)
{
  g_autofree Recording *r = record ("adjacent");
  json_object *root = report_json (r->bundle);
  json_object *lines = cs_test_json_field (root, "lines");
  json_object *top;
  guint64 line;

  g_assert_cmpuint (json_object_get_uint64 (cs_test_json_field (cs_test_json_field (root, "stats"), "known")), >, 0);
  g_assert_cmpuint (json_object_array_length (lines), >=, 1);
  top = json_object_array_get_idx (lines, 0);
  line = cs_test_json_hex (top, "address");
  g_assert_cmphex (line, ==, r->counter_a & ~G_GUINT64_CONSTANT (63));
  g_assert_cmphex (line, ==, r->counter_b & ~G_GUINT64_CONSTANT (63));
  g_assert_true (json_object_get_boolean (cs_test_json_field (top, "false_sharing")));
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (top, "sharing")), ==, "false");
  g_assert_cmpuint (json_object_array_length (cs_test_json_field (top, "threads")), ==, 2);
  g_assert_cmpuint (json_object_get_uint64 (cs_test_json_field (top, "stores")), >, 0);
  /* Named by the variable holding it (the workload's static "area"). */
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (cs_test_json_field (top, "region"), "kind")), ==, "module");
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (cs_test_json_field (top, "region"), "symbol")), ==, "area");

  /* The text form marks the same line with "!" and its hex address, and
   * names each thread with its process. */
  {
    const char *argv[] = { cyclescope, "report", "--memory", r->bundle, NULL };
    g_auto(CsTestOutput) t = cs_test_output (argv, NULL);
    g_autofree char *mark = g_strdup_printf ("! 0x%016" G_GINT64_MODIFIER "x", line);

    g_assert_cmpint (cs_test_output_exit_code (&t), ==, 0);
    g_assert_nonnull (strstr (t.out, mark));
    g_assert_nonnull (strstr (t.out, "False sharing"));
    g_assert_nonnull (strstr (t.out, "area (cs-test-false-sharing)"));
    for (guint i = 0; i < 2; i++)
      {
        g_autofree char *who = g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT ":",
                                                r->pid[i], r->tid[i]);

        g_assert_nonnull (strstr (t.out, who));
      }
  }
  /* CSV: a header and one row per line, the first one the same line. */
  {
    const char *argv[] = { cyclescope, "report", "--memory", "--format", "csv", r->bundle, NULL };
    g_auto(CsTestOutput) c = cs_test_output (argv, NULL);
    g_autofree char *row = g_strdup_printf (",0x%" G_GINT64_MODIFIER "x,", line);
    g_auto(GStrv) rows = NULL;

    g_assert_cmpint (cs_test_output_exit_code (&c), ==, 0);
    rows = g_strsplit (c.out, "\n", -1);
    g_assert_true (g_str_has_prefix (rows[0], "pid,line,samples,"));
    g_assert_nonnull (strstr (rows[1], row));
    g_assert_nonnull (strstr (rows[1], ",true,"));
  }
  check_export (r->bundle, line);
  /* --tid: the same line with that thread alone, and its samples what the
   * whole report gave the thread there. */
  {
    json_object *thread = json_object_array_get_idx (cs_test_json_field (top, "threads"), 0);
    guint64 tid = json_object_get_uint64 (cs_test_json_field (thread, "tid"));
    g_autofree char *tid_text = g_strdup_printf ("%" G_GUINT64_FORMAT, tid);
    const char *argv[] = { cyclescope, "report", "--memory", "--format", "json", "--tid", tid_text, r->bundle, NULL };
    g_auto(CsTestOutput) f = cs_test_output (argv, NULL);
    json_object *froot, *flines;
    gboolean seen = FALSE;

    g_assert_cmpint (cs_test_output_exit_code (&f), ==, 0);
    froot = cs_test_json_parse (f.out);
    g_assert_nonnull (froot);
    flines = cs_test_json_field (froot, "lines");
    for (gsize i = 0; i < json_object_array_length (flines); i++)
      {
        json_object *l = json_object_array_get_idx (flines, i);
        json_object *threads = cs_test_json_field (l, "threads");

        g_assert_cmpuint (json_object_array_length (threads), ==, 1);
        g_assert_cmpuint (json_object_get_uint64 (cs_test_json_field (json_object_array_get_idx (threads, 0), "tid")), ==, tid);
        if (cs_test_json_hex (l, "address") == line)
          {
            seen = TRUE;
            g_assert_cmpuint (json_object_get_uint64 (cs_test_json_field (l, "samples")), ==,
                              json_object_get_uint64 (cs_test_json_field (thread, "samples")));
            g_assert_false (json_object_get_boolean (cs_test_json_field (l, "false_sharing")));
          }
      }
    g_assert_true (seen);
    json_object_put (froot);
  }
  json_object_put (root);
  g_free (r->bundle);
}

/* Padded counters: each on its own line, with one thread, not marked. */
static void
test_padded (void)
{
  g_autofree Recording *r = record ("padded");
  json_object *root = report_json (r->bundle);
  json_object *lines = cs_test_json_field (root, "lines");
  guint found = 0;

  g_assert_cmphex (r->counter_a & ~G_GUINT64_CONSTANT (63), !=, r->counter_b & ~G_GUINT64_CONSTANT (63));
  for (gsize i = 0; i < json_object_array_length (lines); i++)
    {
      json_object *l = json_object_array_get_idx (lines, i);
      guint64 line = cs_test_json_hex (l, "address");

      if (line != (r->counter_a & ~G_GUINT64_CONSTANT (63)) &&
          line != (r->counter_b & ~G_GUINT64_CONSTANT (63)))
        continue;
      found++;
      g_assert_false (json_object_get_boolean (cs_test_json_field (l, "false_sharing")));
      g_assert_cmpuint (json_object_array_length (cs_test_json_field (l, "threads")), ==, 1);
    }
  g_assert_cmpuint (found, ==, 2);
  json_object_put (root);
  g_free (r->bundle);
}

/* One counter, two writers: true sharing, in JSON and text ("="). */
static void
test_true_sharing (void)
{
  g_autofree Recording *r = record ("same");
  json_object *root = report_json (r->bundle);
  json_object *top = json_object_array_get_idx (cs_test_json_field (root, "lines"), 0);
  guint64 line = cs_test_json_hex (top, "address");

  g_assert_cmphex (line, ==, r->counter_a & ~G_GUINT64_CONSTANT (63));
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (top, "sharing")), ==, "true");
  g_assert_true (json_object_get_boolean (cs_test_json_field (top, "true_sharing")));
  g_assert_false (json_object_get_boolean (cs_test_json_field (top, "false_sharing")));
  {
    const char *argv[] = { cyclescope, "report", "--memory", r->bundle, NULL };
    g_auto(CsTestOutput) t = cs_test_output (argv, NULL);
    g_autofree char *mark = g_strdup_printf ("= 0x%016" G_GINT64_MODIFIER "x", line);

    g_assert_cmpint (cs_test_output_exit_code (&t), ==, 0);
    g_assert_nonnull (strstr (t.out, mark));
    g_assert_nonnull (strstr (t.out, "True sharing"));
  }
  json_object_put (root);
  g_free (r->bundle);
}

/* Two processes on a shared page: one line, both threads with their own
 * process, marked "⇄" as shared. */
static void
test_processes (void)
{
  g_autofree Recording *r = record ("shared");
  json_object *root = report_json (r->bundle);
  json_object *top = json_object_array_get_idx (cs_test_json_field (root, "lines"), 0);
  json_object *threads = cs_test_json_field (top, "threads");
  guint64 line = cs_test_json_hex (top, "address");

  g_assert_cmpuint (r->pid[0], !=, r->pid[1]);
  g_assert_true (json_object_get_boolean (cs_test_json_field (top, "shared")));
  g_assert_cmpuint (json_object_get_uint64 (cs_test_json_field (top, "processes")), ==, 2);
  g_assert_cmpstr (json_object_get_string (cs_test_json_field (top, "sharing")), ==, "false");
  g_assert_cmpuint (json_object_array_length (threads), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      json_object *t = json_object_array_get_idx (threads, i);
      guint64 tid = json_object_get_uint64 (cs_test_json_field (t, "tid"));
      guint w = tid == r->tid[0] ? 0 : 1;

      g_assert_cmpuint (tid, ==, r->tid[w]);
      g_assert_cmpuint (json_object_get_uint64 (cs_test_json_field (t, "pid")), ==, r->pid[w]);
    }
  {
    const char *argv[] = { cyclescope, "report", "--memory", r->bundle, NULL };
    g_auto(CsTestOutput) t = cs_test_output (argv, NULL);
    g_autofree char *mark = g_strdup_printf ("!⇄0x%016" G_GINT64_MODIFIER "x", line);
    g_autofree char *a = g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT ":", r->pid[0], r->tid[0]);
    g_autofree char *b = g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT ":", r->pid[1], r->tid[1]);

    g_assert_cmpint (cs_test_output_exit_code (&t), ==, 0);
    g_assert_nonnull (strstr (t.out, mark));
    g_assert_nonnull (strstr (t.out, a));
    g_assert_nonnull (strstr (t.out, b));
  }
  json_object_put (root);
  g_free (r->bundle);
}

/* A recording without registers: an error that says how to get them,
 * and nothing on standard output. */
static void
test_no_registers (void)
{
  g_autofree char *bundle = g_build_filename (tmpdir, "noregs.cyclescope", NULL);
  const char *rec[] = { cyclescope, "record", "--no-counting", "-o", bundle, "--",
                        workload, "adjacent", "0.1", NULL };
  g_auto(CsTestOutput) r = cs_test_output (rec, NULL);
  const char *argv[] = { cyclescope, "report", "--memory", bundle, NULL };
  g_auto(CsTestOutput) m = cs_test_output (argv, NULL);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  g_assert_cmpint (cs_test_output_exit_code (&m), ==, 1);
  g_assert_cmpstr (m.out, ==, "");
  g_assert_nonnull (strstr (m.err, "cyclescope report: "));
  g_assert_nonnull (strstr (m.err, "--regs"));
  {
    g_autofree char *png = g_build_filename (tmpdir, "noregs.png", NULL);
    const char *ex[] = { cyclescope, "export", bundle, "--memory", "line", "--png", png, NULL };
    g_auto(CsTestOutput) e = cs_test_output (ex, NULL);

    g_assert_cmpint (cs_test_output_exit_code (&e), ==, 1);
    g_assert_nonnull (strstr (e.err, "--regs"));
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
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
  tmpdir = g_dir_make_tmp ("cs-cli-memory-XXXXXX", NULL);

  g_test_add_func ("/cli-memory/adjacent", test_adjacent);
  g_test_add_func ("/cli-memory/padded", test_padded);
  g_test_add_func ("/cli-memory/true-sharing", test_true_sharing);
  g_test_add_func ("/cli-memory/processes", test_processes);
  g_test_add_func ("/cli-memory/no-registers", test_no_registers);
  ret = g_test_run ();
  cs_test_rmdir (tmpdir);
  return ret;
}
