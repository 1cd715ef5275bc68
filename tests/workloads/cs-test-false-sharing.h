/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-false-sharing.h — recording cs-test-false-sharing (header only)
 *
 * The memory tests record the false-sharing workload with
 * `cyclescope record --regs` and take the truth from what the workload
 * prints about itself ("counter_a 0x…", "tid_a 1234", "inner 0x…"), never
 * from the code under test.
 */
#pragma once

#include <glib.h>

#include "cs-test-util.h"

/* The value the workload printed as "KEY VALUE" (decimal or 0x-hex). */
static inline guint64
cs_test_fs_value (const char *out,
                  const char *key)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", 2);

      if (f[0] != NULL && f[1] != NULL && g_str_equal (f[0], key))
        return g_ascii_strtoull (f[1], NULL, 0);
    }
  g_error ("the workload printed no “%s”:\n%s", key, out);
  return 0;
}

/* Records @workload in @mode ("adjacent", "padded", …) for half a second
 * with registers at 2 kHz, sampling only, into @dir/@mode.cyclescope.
 * Returns the bundle's path; the workload's output goes to @out. */
static inline char *
cs_test_fs_record (const char  *cyclescope,
                   const char  *workload,
                   const char  *dir,
                   const char  *mode,
                   char       **out)
{
  g_autofree char *name = g_strdup_printf ("%s.cyclescope", mode);
  char *bundle = g_build_filename (dir, name, NULL);
  g_autofree char *err = NULL;
  int status = 0;
  const char *argv[] = { cyclescope, "record", "--regs", "--no-counting", "-F", "2000",
                         "-o", bundle, "--", workload, mode, "0.5", NULL };

  *out = cs_test_run (argv, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("cyclescope record failed:\n%s\n%s", *out, err);
  return bundle;
}
