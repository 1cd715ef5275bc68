/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-regions.h — recording tests/workloads/cs-test-regions with
 * `cyclescope record --regions` for the viewer's tests (header only) */
#pragma once

#include <glib.h>

/* Records `cs-test-regions MODE ORACLE N` into DIR/regions.cyclescope (one
 * counting run, samples at 2 kHz) and returns the bundle's path; the test
 * fails when the recording does. */
static inline char *
cs_test_record_regions (const char *cyclescope,
                        const char *workload,
                        const char *dir,
                        const char *mode,
                        const char *n)
{
  g_autofree char *bundle = g_build_filename (dir, "regions.cyclescope", NULL);
  g_autofree char *oracle = g_build_filename (dir, "oracle.txt", NULL);
  const char *cmd[] = { cyclescope, "record", "--regions", "--repeat", "1", "-F", "2000", "-o", bundle,
                        "--", workload, mode, oracle, n, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int wait_status = 0;

  if (!g_spawn_sync (NULL, (char **) cmd, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err,
                     &wait_status, &error) ||
      !g_spawn_check_wait_status (wait_status, &error))
    g_error ("cyclescope record --regions failed: %s %s", error != NULL ? error->message : "", err);
  return g_steal_pointer (&bundle);
}
