/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-session.c — libFuzzer target for the session loader
 *
 * Loads the input as a bundle's session.json. What loads must keep every
 * file it names inside the bundle, save without an error, and load back
 * from the saved file as an equal session (the save → load round trip);
 * its counts are built for the program and every region on the way. Any
 * of these failing aborts: libFuzzer keeps the input.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cs-session.h"

static char *bundle;
static char *inside;   /* bundle + "/" */

static void
check_inside (char *path)
{
  if (path != NULL && !g_str_has_prefix (path, inside))
    {
      g_printerr ("a file of the session lies outside its bundle: %s\n", path);
      abort ();
    }
  g_free (path);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(CsSession) session = NULL;
  g_autoptr(CsSession) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) regions = NULL;
  g_autoptr(CsCounts) counts = NULL;

  if (bundle == NULL)
    {
      bundle = g_dir_make_tmp ("cs-fuzz-session-XXXXXX", NULL);
      g_assert (bundle != NULL);
      inside = g_strconcat (bundle, "/", NULL);
    }

  session = cs_session_load_from_data ((const char *) data, size, "session.json", &error);
  if (session == NULL)
    return 0;
  cs_session_set_bundle_path (session, bundle);
  for (guint i = 0; i < cs_session_get_n_sampling_runs (session); i++)
    {
      const CsSamplingRun *run = cs_session_get_sampling_run (session, i);

      check_inside (cs_session_get_perf_data_path (session, run));
      check_inside (cs_session_get_kallsyms_path (session, run));
    }
  counts = cs_session_build_counts (session, NULL);
  regions = cs_session_build_all_region_counts (session);

  /* What loads, saves; what is saved, loads back the same. */
  if (!cs_session_save (session, bundle, &error))
    {
      g_printerr ("a loaded session does not save: %s\n", error->message);
      abort ();
    }
  again = cs_session_load (bundle, &error);
  if (again == NULL)
    {
      g_printerr ("a saved session does not load: %s\n", error->message);
      abort ();
    }
  if (!cs_session_equal (session, again))
    {
      g_printerr ("the session loaded back differs from the one saved\n");
      abort ();
    }
  return 0;
}
