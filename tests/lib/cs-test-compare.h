/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-compare.h — what the comparison tests share (header only):
 * recording a build of tests/workloads/cmp-work.c under one file name
 *
 * Two builds of one program have one name in real life; the comparison
 * matches functions by module basename, so each build is copied to its own
 * directory as "cmp-work" before it is recorded.
 */
#pragma once

#include <glib/gstdio.h>

#include "cs-test-util.h"

#ifdef CS_COMPARISON_TESTS
#include "cs-comparison.h"

/* The row named @name of a comparison table (CsRowDelta), or NULL. */
static inline const CsRowDelta *
cs_test_compare_find_row (GArray     *rows,
                          const char *name)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const CsRowDelta *r = &g_array_index (rows, CsRowDelta, i);

      if (g_str_equal (r->name, name))
        return r;
    }
  return NULL;
}
#endif

/* Copies @program to @dir/@name and records `@name @scale` there with
 * our collector (cpu-clock at 2 kHz, frame pointers, @repeat runs) into
 * @dir/cmp.cyclescope. Returns the bundle, or NULL after printing why when
 * the collector cannot record here. */
static inline char *
cs_test_compare_record_as (const char *cyclescope,
                           const char *program,
                           const char *dir,
                           const char *name,
                           const char *scale,
                           guint       repeat)
{
  g_autofree char *copy = g_build_filename (dir, name, NULL);
  g_autofree char *bundle = g_build_filename (dir, "cmp.cyclescope", NULL);
  g_autofree char *repeat_text = g_strdup_printf ("%u", repeat);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  const char *argv[] = { cyclescope, "record", "-e", "cpu-clock", "-F", "2000", "-g",
                         "--repeat", repeat_text, "-o", bundle, "--", copy, scale, NULL };
  g_auto(CsTestOutput) r = { NULL, };

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_get_contents (program, &contents, &len, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (copy, contents, (gssize) len, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (copy, 0755), ==, 0);

  r = cs_test_output (argv, NULL);
  if (!WIFEXITED (r.status) || WEXITSTATUS (r.status) != 0)
    {
      g_printerr ("cyclescope record failed: %s\n", r.err);
      return NULL;
    }
  return g_steal_pointer (&bundle);
}

/* The address of @symbol in @program's symbol table, by nm (0: none). */
static inline guint64
cs_test_compare_nm (const char *program,
                    const char *symbol)
{
  g_autofree char *nm = g_find_program_in_path ("nm");
  const char *argv[] = { nm, program, NULL };
  g_auto(CsTestOutput) r = { NULL, };
  g_auto(GStrv) lines = NULL;

  g_assert_nonnull (nm);
  r = cs_test_output (argv, NULL);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", 3);

      if (g_strv_length (f) == 3 && g_str_equal (f[2], symbol))
        return g_ascii_strtoull (f[0], NULL, 16);
    }
  return 0;
}

/* The same, as "cmp-work". */
static inline char *
cs_test_compare_record (const char *cyclescope,
                        const char *program,
                        const char *dir,
                        const char *scale,
                        guint       repeat)
{
  return cs_test_compare_record_as (cyclescope, program, dir, "cmp-work", scale, repeat);
}

/* Both builds of a pair, each as "cmp-work" in @tmpdir/base and
 * @tmpdir/new: FALSE (after printing why) when either cannot be recorded. */
static inline gboolean
cs_test_compare_record_pair (const char  *cyclescope,
                             const char  *base_program,
                             const char  *new_program,
                             const char  *tmpdir,
                             const char  *scale,
                             guint        repeat,
                             char       **base_bundle,
                             char       **new_bundle)
{
  g_autofree char *base_dir = g_build_filename (tmpdir, "base", NULL);
  g_autofree char *new_dir = g_build_filename (tmpdir, "new", NULL);

  *base_bundle = cs_test_compare_record (cyclescope, base_program, base_dir, scale, repeat);
  *new_bundle = *base_bundle != NULL ? cs_test_compare_record (cyclescope, new_program, new_dir, scale, repeat)
                                     : NULL;
  return *new_bundle != NULL;
}
