/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model-events.c — every event of a model encodes on the model's PMU
 *
 * Usage: test-model-events MODEL_ID, with LIBPFM_FORCE_PMU set to one of the
 * model's PMUs by meson (none for the "*" models: perf's generic PMU is
 * active then). libpfm4 is the oracle: an event string it rejects on the PMU
 * the model names is a model bug, whatever the code around it does.
 */
#include "config.h"

#include <string.h>

#include "cs-model.h"
#include "cs-pfm.h"
#include "cs-test-util.h"

static const char *model_id;

static void
test_encode_all (void)
{
  g_autofree char *file = g_strconcat ("data/models/", model_id, ".json", NULL);
  g_autofree char *path = cs_test_source_path (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsModel) model = NULL;
  const char *forced = g_getenv ("LIBPFM_FORCE_PMU");
  const CsPmuInfo *pmu;
  const char *pmu_name;
  guint encoded = 0;

  /* A model registered for this test must be there: a missing file is a
   * failure (cs_model_new_from_file names it), not a skip. */
  model = cs_model_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (cs_pfm_init (&error));
  g_assert_no_error (error);

  pmu = cs_pfm_get_host_pmu ();
  if (forced != NULL && *forced != '\0')
    {
      /* The forced PMU is the one the model names, and libpfm4 took it. */
      g_assert_nonnull (pmu);
      g_assert_cmpstr (pmu->name, ==, forced);
      g_assert_true (pmu->forced);
      g_assert_true (cs_model_applies_to_pmu (model, forced));
    }
  else
    /* Without a forced PMU: the software model ("*") or perf's generic
     * events (PMU "perf"). */
    g_assert_true (cs_model_applies_to_pmu (model, "*") || cs_model_applies_to_pmu (model, "perf"));
  pmu_name = pmu ? pmu->name : NULL;

  for (guint i = 0; i < cs_model_get_n_events (model); i++)
    {
      const CsModelEvent *event = cs_model_get_event (model, i);
      g_autofree char *fstr = NULL;
      g_autofree char *used = NULL;
      struct perf_event_attr attr;

      if (forced != NULL && !cs_model_event_applies_to_pmu (event, pmu_name))
        {
          g_test_message ("%s: %s is not on %s, skipped", model_id, event->alias, pmu_name);
          continue;
        }
      if (!cs_pfm_encode_any (event->event, (const char * const *) event->alternatives,
                              &attr, &fstr, &used, &error))
        g_error ("model %s, event %s: %s", model_id, event->alias, error->message);
      g_assert_cmpuint (attr.size, ==, sizeof attr);
      g_assert_nonnull (fstr);
      g_test_message ("%s = %s → type %u config 0x%" G_GINT64_MODIFIER "x config1 0x%"
                      G_GINT64_MODIFIER "x", event->alias, used, attr.type,
                      (guint64) attr.config, (guint64) attr.config1);
      encoded++;
    }
  g_assert_cmpuint (encoded, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s MODEL_ID\n", argv[0]);
      return 2;
    }
  model_id = argv[1];
  g_test_add_func ("/model-events/encode", test_encode_all);
  return g_test_run ();
}
