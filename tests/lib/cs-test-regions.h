/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-regions.h — recording tests/workloads/cs-test-regions with
 * `cyclescope record --regions` for the viewer's tests (header only) */
#pragma once

#include <glib.h>

/* Records `cs-test-regions MODE ORACLE N` into DIR/regions.cyclescope (one
 * counting run, samples at 2 kHz, with call chains when @call_chains) and
 * returns the bundle's path; the test fails when the recording does. */
static inline char *
cs_test_record_regions_full (const char *cyclescope,
                             const char *workload,
                             const char *dir,
                             const char *mode,
                             const char *n,
                             gboolean    call_chains)
{
  g_autofree char *bundle = g_build_filename (dir, "regions.cyclescope", NULL);
  g_autofree char *oracle = g_build_filename (dir, "oracle.txt", NULL);
  const char *head[] = { cyclescope, "record", "--regions", "--repeat", "1", "-F", "2000", "-o", bundle, NULL };
  const char *tail[] = { "--", workload, mode, oracle, n, NULL };
  g_autoptr(GPtrArray) cmd = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int wait_status = 0;

  for (guint i = 0; head[i] != NULL; i++)
    g_ptr_array_add (cmd, (char *) head[i]);
  if (call_chains)
    g_ptr_array_add (cmd, (char *) "-g");
  for (guint i = 0; tail[i] != NULL; i++)
    g_ptr_array_add (cmd, (char *) tail[i]);
  g_ptr_array_add (cmd, NULL);
  if (!g_spawn_sync (NULL, (char **) cmd->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err,
                     &wait_status, &error) ||
      !g_spawn_check_wait_status (wait_status, &error))
    g_error ("cyclescope record --regions failed: %s %s", error != NULL ? error->message : "", err);
  return g_steal_pointer (&bundle);
}

/* The same without call chains. */
static inline char *
cs_test_record_regions (const char *cyclescope,
                        const char *workload,
                        const char *dir,
                        const char *mode,
                        const char *n)
{
  return cs_test_record_regions_full (cyclescope, workload, dir, mode, n, FALSE);
}
